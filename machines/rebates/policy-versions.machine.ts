import { and, assign, emit, fromPromise, setup } from 'xstate';
import type { PolicyVersions } from '../../services/rebate-policy.service';
import { errorText } from '../kit/error-text';

export type { PolicyVersionRow } from '../../services/rebate-policy.service';

export interface PolicyVersionsContext {
  objectId: string;
  lang: string;
  versions?: PolicyVersions;
  /** Why the versions could not be read. */
  error?: string;
  /** The server's words when it refused to draft a version; shown until the next attempt. */
  refusal?: string;
}

export type PolicyVersionsEvent = { type: 'version.draft' } | { type: 'versions.reload' };

export type PolicyVersionsEmitted = { type: 'drafted'; objectId: string };

/**
 * A policy announcement's versions (notes §5.2: after publication its calculation parameters are
 * frozen, a correction is a new version): the versions the person may see, and — where the server
 * says this person may — drafting the next one, which then opens for editing.
 */
export const policyVersionsMachine = setup({
  types: {
    context: {} as PolicyVersionsContext,
    events: {} as PolicyVersionsEvent,
    input: {} as { objectId: string; lang: string },
    emitted: {} as PolicyVersionsEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadVersions: fromPromise<PolicyVersions, { objectId: string; lang: string }>(async () => {
      throw new Error('loadVersions is provided by policy-versions.actors.ts');
    }),
    draftVersion: fromPromise<{ ObjectID: string }, string>(async () => {
      throw new Error('draftVersion is provided by policy-versions.actors.ts');
    }),
  },
  guards: {
    isLoaded: ({ context }) => context.versions !== undefined,
    mayDraft: and(['isLoaded', ({ context }) => Boolean(context.versions?.MayDraft)]),
  },
}).createMachine({
  id: 'policyVersions',
  context: ({ input }) => ({ objectId: input.objectId, lang: input.lang }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadVersions',
        input: ({ context }) => ({ objectId: context.objectId, lang: context.lang }),
        onDone: {
          target: 'shown',
          actions: assign({ versions: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      description:
        'The server says whether this person may draft a version now: a published or effective policy without an unpublished version, by whoever enters policies.',
      on: {
        'version.draft': { guard: 'mayDraft', target: 'drafting' },
        'versions.reload': 'loading',
      },
    },
    drafting: {
      tags: 'busy',
      entry: assign({ refusal: undefined }),
      invoke: {
        src: 'draftVersion',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'loading',
          actions: emit(({ event }) => ({ type: 'drafted' as const, objectId: event.output.ObjectID })),
        },
        onError: { target: 'loading', actions: assign({ refusal: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'versions.reload': 'loading' },
    },
  },
});
