import type { workflowLabels as zh } from '../zh/workflow-labels';
import { workflowEventLabels } from './workflow-labels-events';
import { workflowServiceLabels } from './workflow-labels-services';
import { workflowStateLabels } from './workflow-labels-states';

/** The workflow viewer's words for the statecharts, in English (see the Chinese file). */
export const workflowLabels: typeof zh = {
  states: workflowStateLabels,
  statesOf: {},
  events: workflowEventLabels,
  eventsOf: {},
  services: workflowServiceLabels,
  servicesOf: {},
  tags: {
    anonymous: 'signed out',
    busy: 'busy',
    authenticated: 'signed in',
    pending: 'pending',
    editable: 'editable',
    confirming: 'to confirm',
    locked: 'locked',
    downloading: 'downloading',
    fallback: 'registry search',
    form: 'form',
    watching: 'watching',
    loadingRegions: 'loading regions',
    awaitingDecision: 'awaiting a decision',
  },
  delays: {
    LOOKUP_RETRY_MS: 'retry shortly',
    typingRests: 'once typing rests',
  },
  templates: {
    done: '{{service}} done',
    error: '{{service}} failed',
    afterSeconds: 'after {{seconds}} s',
    stateDone: '{{state}} done',
    always: 'as soon as its condition holds',
    guard: '[only if {{guard}}]',
  },
};
