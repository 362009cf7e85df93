import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DecisionOptions } from '../../domain/workflow-decisions';
import type { DecisionInput } from '../../machines/kit/decision.machine';
import { decisionMachine } from '../../machines/kit/decision.machine';
import { decisionPayload, decisionProblems, emptyDecisionForm } from '../../machines/kit/decision.rules';
import { settle } from '../model/model-kit';

const form = (changes: Partial<ReturnType<typeof emptyDecisionForm>>) => ({
  ...emptyDecisionForm(),
  ...changes,
});

describe('what a decision dialog asks', () => {
  it('names a missing reason only where the command requires one, and a reason too long anywhere', () => {
    expect(decisionProblems('reason', form({ reason: '  ' }))).toEqual({
      reason: 'decision.problems.reasonRequired',
    });
    expect(decisionProblems('optionalReason', form({}))).toEqual({});
    expect(decisionProblems('optionalReason', form({ reason: '字'.repeat(501) }))).toEqual({
      reason: 'decision.problems.reasonTooLong',
    });
    expect(decisionProblems('reason', form({ reason: '字'.repeat(500) }))).toEqual({});
    expect(decisionProblems(null, form({}))).toEqual({});
  });

  it('names the colleague a forward needs', () => {
    expect(decisionProblems('colleague', form({}))).toEqual({ to: 'decision.problems.colleagueRequired' });
    expect(decisionProblems('colleague', form({ to: 'e-2', toName: '沈伯远' }))).toEqual({});
  });

  it('asks for some units of the open lines, never past what is open, and sends only the lines chosen', () => {
    const open = [
      { LineNo: 1, Label: 'A', Open: 2 },
      { LineNo: 2, Label: 'B', Open: 1 },
    ];
    const line = (quantity: string, inspection: 'good' | 'damaged' = 'good') => ({ quantity, inspection });
    expect(decisionProblems('lines', form({}), open)).toEqual({ lines: 'decision.problems.linesRequired' });
    expect(decisionProblems('lines', form({ lines: { 2: line('2') } }), open)).toEqual({
      lines: 'decision.problems.linesOverOpen',
    });
    const chosen = form({ lines: { 1: line('2', 'damaged'), 2: line('') } });
    expect(decisionProblems('inspectedLines', chosen, open)).toEqual({});
    expect(decisionPayload('inspectedLines', chosen)).toEqual({
      lines: [{ lineNo: 1, quantity: 2, inspection: 'damaged' }],
    });
    expect(decisionPayload('lines', chosen)).toEqual({ lines: [{ lineNo: 1, quantity: 2 }] });
  });

  it('asks an extension for a real later due date and sends it as the new due date', () => {
    expect(decisionProblems('extension', emptyDecisionForm())).toEqual({
      date: 'decision.problems.dateRequired',
    });
    expect(decisionProblems('extension', { ...emptyDecisionForm(), date: '2026-13-45' })).toEqual({
      date: 'decision.problems.dateInvalid',
    });
    const form = { ...emptyDecisionForm(), date: '2026-12-31', reason: 'ignored' };
    expect(decisionProblems('extension', form)).toEqual({});
    expect(decisionPayload('extension', form)).toEqual({ extendedTo: '2026-12-31' });
  });

  it('asks a win for the amount won and a loss for its reason from the dictionary and words on it', () => {
    expect(decisionProblems('winning', emptyDecisionForm())).toEqual({
      amount: 'decision.problems.winningAmountRequired',
    });
    for (const amount of ['0', '0.00', '12.345', '1e5'])
      expect(decisionProblems('winning', { ...emptyDecisionForm(), amount }), amount).toEqual({
        amount: 'decision.problems.winningAmountInvalid',
      });
    const won = { ...emptyDecisionForm(), amount: ' 180000.50 ', reason: '' };
    expect(decisionProblems('winning', won)).toEqual({});
    expect(decisionPayload('winning', won)).toEqual({ amount: '180000.50' });
    expect(decisionPayload('winning', { ...won, reason: ' 周五签约 ' })).toEqual({
      amount: '180000.50',
      comment: '周五签约',
    });
    expect(decisionProblems('loss', emptyDecisionForm())).toEqual({
      lossReason: 'decision.problems.lossReasonRequired',
      reason: 'decision.problems.reasonRequired',
    });
    const lost = { ...emptyDecisionForm(), lossReason: '101', reason: ' 对手低 8% ' };
    expect(decisionProblems('loss', lost)).toEqual({});
    expect(decisionPayload('loss', lost)).toEqual({ reason: '对手低 8%', lossReason: '101' });
  });

  it('sends only what the command asks for, the reason trimmed', () => {
    const filled = form({ reason: ' 资质不符 ', to: 'e-2', toName: '沈伯远' });
    expect(decisionPayload(null, filled)).toEqual({});
    expect(decisionPayload('reason', filled)).toEqual({ reason: '资质不符' });
    expect(decisionPayload('optionalReason', filled)).toEqual({ reason: '资质不符' });
    expect(decisionPayload('optionalReason', form({ reason: '  ' }))).toEqual({});
    expect(decisionPayload('colleague', filled)).toEqual({ to: 'e-2', toName: '沈伯远' });
  });
});

const options = (StreamID: string, Commands: DecisionOptions['Commands'] = []): DecisionOptions => ({
  Workflow: 'customerChange',
  StreamID,
  SubjectID: 'c-1',
  State: 'inApproval',
  WorkflowVersion: 3,
  Commands,
  Allowed: [],
  Decider: null,
  Node: 0,
  Reason: null,
});

describe('decision machine', () => {
  it('keeps reading the stream it first found, even once another is the open one', async () => {
    const loads: DecisionInput[] = [];
    const actor = createActor(
      decisionMachine.provide({
        actors: {
          loadOptions: fromPromise<DecisionOptions, DecisionInput>(async ({ input }) => {
            loads.push(input);
            return options(loads.length === 1 ? 'customer-change-1' : 'customer-change-2', [
              { Name: 'agree', Asks: null },
            ]);
          }),
          decide: fromPromise(async () => options('customer-change-1')),
        },
      }),
      { input: { workflow: 'customerChange', objectId: 'c-1' } },
    ).start();
    await settle();
    actor.send({ type: 'command.choose', command: 'agree' });
    await settle();
    await settle();
    actor.send({ type: 'options.reload' });
    await settle();
    expect(loads.map((l) => l.streamId)).toEqual([undefined, 'customer-change-1']);
  });

  it('cancelling a dialog drops what was typed, so the next command starts empty', async () => {
    const actor = createActor(
      decisionMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => options('s-1', [{ Name: 'reject', Asks: 'reason' }])),
        },
      }),
      { input: { workflow: 'customerChange', objectId: 'c-1', streamId: 's-1' } },
    ).start();
    await settle();
    actor.send({ type: 'command.choose', command: 'reject' });
    actor.send({ type: 'reason.change', reason: '资质不符' });
    actor.send({ type: 'dialog.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'command.choose', command: 'reject' });
    expect(actor.getSnapshot().context.form.reason).toBe('');
  });
});
