import { ChannelType, CustomerStatus } from '../../domain/codes/customers.codes';
import {
  CHANGE_KINDS,
  type CustomerApplication,
  type CustomerApplications,
} from '../../domain/customer-applications';
import { cityManagerStiDeclaration } from '../workflows/city-manager-sti.workflow';
import { chainContextKey, commandEvents } from '../workflows/declaration-events';
import type { LoanLine } from '../workflows/loan-order.rules';
import { loanOrderDeclaration } from '../workflows/loan-order.workflow';
import { orderChangeDeclaration } from '../workflows/order-change.workflow';
import { workflowDeclarations } from '../workflows/registry';
import { rspStiDeclaration } from '../workflows/rsp-sti.workflow';
import type { PathSample } from './test-paths';

/**
 * Sample inputs and events of the business workflows' test-path plans: the agent-applications panel,
 * and every declared workflow from its declaration's example.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;

const open: CustomerApplication = {
  ApplicationID: 'customer-change-1',
  Kind: 'renewal',
  State: 'inApproval',
  Change: { termMonths: 12 },
  Chain: [{ Role: 'JS010' }, { Role: 'JS018' }],
  Node: 0,
  Reason: null,
  Applicant: 'Sales operations',
  WorkflowVersion: 7,
  Allowed: ['approval.agree'],
  History: [],
};
const idle: CustomerApplications = {
  Today: '2026-11-22',
  Status: CustomerStatus.active,
  ChannelType: ChannelType.rsp,
  Startable: [...CHANGE_KINDS],
  Applications: [{ ...open, State: 'approved', Allowed: [] }],
};
const pending: CustomerApplications = { ...idle, Startable: [], Applications: [open] };
const refused = new Error('Someone else has just decided this application');

export const workflowPathSamples: Record<string, PathSample> = {
  // The agent-applications panel: every kind started, its form right and wrong, the server's answers.
  customerWorkflow: {
    input: { objectId: 'c-1' },
    events: [
      { type: 'xstate.done.actor.loadApplications', output: idle },
      { type: 'xstate.done.actor.loadApplications', output: pending },
      { type: 'xstate.error.actor.loadApplications', error: refused },
      { type: 'xstate.done.actor.submit', output: open },
      { type: 'xstate.error.actor.submit', error: refused },
      ...CHANGE_KINDS.map((kind) => ({ type: 'apply.start', kind })),
      { type: 'form.change', field: 'reason', value: 'Cross-region selling' },
      { type: 'form.change', field: 'reason', value: ' ' },
      { type: 'form.change', field: 'days', value: '90' },
      { type: 'form.change', field: 'termMonths', value: 5 },
      { type: 'dialog.confirm' },
      { type: 'dialog.cancel' },
      { type: 'panel.reload' },
    ],
    contextKey: (s) => [
      ctx(s).overview?.Startable.length ?? null,
      ctx(s).pending ?? null,
      Boolean(ctx(s).form.reason),
    ],
  },
  // The event-sourced workflows: their declarations' examples, every command as every actor.
  ...Object.fromEntries(
    workflowDeclarations.map((d) => [
      d.name,
      { input: d.example.input, events: commandEvents(d), contextKey: chainContextKey },
    ]),
  ),
  // Whoever calculated an STI neither reviews nor posts it: who that is tells two of its states apart.
  rspStiReview: {
    input: rspStiDeclaration.example.input,
    events: commandEvents(rspStiDeclaration),
    contextKey: (s) => [...chainContextKey(s), ctx(s).calculatedBy?.id ?? null],
  },
  cityManagerStiReview: {
    input: cityManagerStiDeclaration.example.input,
    events: commandEvents(cityManagerStiDeclaration),
    contextKey: (s) => [...chainContextKey(s), ctx(s).calculatedBy?.id ?? null],
  },
  // What a loan converted tells its states apart: a sale let go gives back only units it sold.
  loanOrder: {
    input: loanOrderDeclaration.example.input,
    events: commandEvents(loanOrderDeclaration),
    contextKey: (s) => [...chainContextKey(s), ctx(s).lines.map((l: LoanLine) => l.converted)],
  },
  // A change's submission carries what the server found in its lines: the approval chain of the new
  // amount when it needs approval, none when the other side's confirmation applies it.
  orderChange: {
    input: orderChangeDeclaration.example.input,
    events: commandEvents(orderChangeDeclaration).flatMap((e) =>
      e.type === 'change.submit'
        ? [
            { ...e, chain: orderChangeDeclaration.example.input.chain },
            { ...e, chain: [] },
          ]
        : [e],
    ),
    contextKey: (s) => [...chainContextKey(s), ctx(s).chain.length > 0],
  },
};
