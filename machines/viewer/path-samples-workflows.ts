import { ChannelType, CustomerStatus } from '../../domain/codes/customers.codes';
import { chainContextKey, commandEvents } from '../workflows/declaration-events';
import { workflowDeclarations } from '../workflows/registry';
import type { PathSample } from './test-paths';

/**
 * Sample inputs and events of the business workflows' test-path plans: the agent-applications panel,
 * and every declared workflow from its declaration's example.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;

const ops = { id: 'e-ops', name: 'Qian (sales ops)', role: 'JS013' };

// An invoked call's answer, as the model tests send it.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

export const workflowPathSamples: Record<string, PathSample> = {
  customerWorkflow: {
    input: { objectId: '00000000-0000-4000-8000-000000000002' },
    events: [
      done('loadApplications', {
        Today: '2026-11-22',
        Status: CustomerStatus.active,
        ChannelType: ChannelType.rsp,
        Startable: ['renewal', 'suspension', 'blacklist'],
        Applications: [],
      }),
      done('loadApplications', {
        Today: '2026-11-22',
        Status: CustomerStatus.active,
        ChannelType: ChannelType.rsp,
        Startable: [],
        Applications: [
          {
            ApplicationID: 'customer-change-1',
            Kind: 'renewal',
            State: 'inApproval',
            Change: { termMonths: 12 },
            Chain: [{ Role: 'JS010' }, { Role: 'JS018' }],
            Node: 0,
            Reason: null,
            Applicant: ops.name,
            WorkflowVersion: 2,
            Allowed: ['approval.agree', 'approval.reject', 'approval.forward'],
            History: [],
          },
        ],
      }),
      { type: 'xstate.error.actor.loadApplications', error: new Error('refused') },
      done('submit', {}),
      { type: 'xstate.error.actor.submit', error: new Error('refused') },
      { type: 'apply.start', kind: 'renewal' },
      { type: 'apply.start', kind: 'suspension' },
      { type: 'decision.start', decision: 'agree' },
      { type: 'decision.start', decision: 'reject' },
      { type: 'form.change', field: 'reason', value: 'parallel imports' },
      { type: 'dialog.confirm' },
      { type: 'dialog.cancel' },
      { type: 'panel.reload' },
    ],
    contextKey: (s) => [
      ctx(s).overview?.Startable.length ?? null,
      ctx(s).pending?.kind ?? ctx(s).pending?.decision ?? null,
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
};
