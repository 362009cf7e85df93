import { LossReason } from '../../domain/codes/opportunities.codes';
import type { DecisionOptions } from '../../domain/workflow-decisions';
import type { PathSample } from './test-paths';

/**
 * The decision panel's sample: the input and events its model test walks (tests/model) and the
 * viewer's path plans draw, the same list for both.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;

const options = (Commands: DecisionOptions['Commands'], WorkflowVersion = 7): DecisionOptions => ({
  Workflow: 'customerChange',
  StreamID: 'customer-change-1',
  SubjectID: 'c-1',
  State: 'inApproval',
  WorkflowVersion,
  Commands,
  Allowed: [],
  Decider: { Role: 'JS010', PersonName: null },
  Node: 0,
  Reason: null,
});
// Every kind of command at once, so each dialog's path is walked; the server never offers all of them.
const everything: DecisionOptions = {
  ...options([
    { Name: 'agree', Asks: null },
    { Name: 'reject', Asks: 'reason' },
    { Name: 'withdraw', Asks: 'optionalReason' },
    { Name: 'forward', Asks: 'colleague' },
    { Name: 'returnGoods', Asks: 'inspectedLines' },
    { Name: 'checkIn', Asks: 'position' },
    { Name: 'recalculate', Asks: 'adjustment' },
    { Name: 'extend', Asks: 'extension' },
    { Name: 'close', Asks: 'loss' },
  ]),
  Lines: [{ LineNo: 1, Label: '0231A0101 SR1100 G5', Open: 2 }],
};
const nothing = options([], 8);

export const decisionPathSample: PathSample = {
  input: { workflow: 'customerChange', objectId: 'c-1', streamId: 'customer-change-1' },
  events: [
    { type: 'xstate.done.actor.loadOptions', output: everything },
    { type: 'xstate.done.actor.loadOptions', output: nothing },
    { type: 'xstate.error.actor.loadOptions', error: new Error('Record not found') },
    { type: 'xstate.done.actor.decide', output: nothing },
    { type: 'xstate.error.actor.decide', error: new Error('Someone else has just decided this application') },
    { type: 'command.choose', command: 'agree' },
    { type: 'command.choose', command: 'reject' },
    { type: 'command.choose', command: 'withdraw' },
    { type: 'command.choose', command: 'forward' },
    { type: 'command.choose', command: 'sign' },
    { type: 'reason.change', reason: 'Qualifications not met' },
    { type: 'reason.change', reason: '  ' },
    { type: 'colleague.pick', to: 'e-2', toName: 'Shen Boyuan' },
    { type: 'command.choose', command: 'returnGoods' },
    { type: 'command.choose', command: 'checkIn' },
    { type: 'command.choose', command: 'recalculate' },
    { type: 'amount.change', amount: '-120.50' },
    { type: 'amount.change', amount: '12,5' },
    { type: 'command.choose', command: 'extend' },
    { type: 'date.change', date: '2026-12-31' },
    { type: 'date.change', date: '2026-13-45' },
    { type: 'command.choose', command: 'close' },
    { type: 'lossReason.change', lossReason: LossReason.price },
    { type: 'xstate.done.actor.locate', output: { latitude: 32.06, longitude: 118.79, accuracy: 25 } },
    { type: 'xstate.error.actor.locate', error: new Error('The browser may not tell where you are') },
    { type: 'position.change', latitude: '32.0418', longitude: '118.7785' },
    { type: 'position.change', latitude: '132.5' },
    { type: 'line.change', lineNo: 1, quantity: '3' },
    { type: 'line.change', lineNo: 1, quantity: '1', inspection: 'damaged' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'options.reload' },
  ],
  contextKey: (s) => [ctx(s).options?.Commands.length ?? null, ctx(s).command?.Name ?? null],
};
