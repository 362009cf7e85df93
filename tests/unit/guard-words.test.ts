import { describe, expect, it } from 'vitest';
import { and, not, or, setup } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { loadAllMachines } from '../../machines/registry';
import { machineGraph } from '../../machines/viewer/diagram-graph';
import {
  type GuardExpr,
  type GuardVocabulary,
  guardCode,
  guardExpr,
  guardInWords,
  guardNames,
} from '../../machines/workflows/guard-expr';

type Messages = typeof zh;
const fill = (template: string, guard: string) => template.replace('{{guard}}', guard);
/** The vocabulary the details panel builds from a language's messages. */
const vocabularyOf = (messages: Messages): GuardVocabulary => {
  const { guards, guardWords } = messages.workflows;
  return {
    name: (guard) => guards[guard] ?? guard,
    and: guardWords.and,
    or: guardWords.or,
    not: (words) => fill(guardWords.not, words),
    group: (words) => fill(guardWords.group, words),
    inline: guardWords.inline,
  };
};
const says = (expr: GuardExpr | undefined, messages: Messages) => guardInWords(expr!, vocabularyOf(messages));

describe('guards in words', () => {
  it('reads named, parameterised and composed guards as xstate stores them', () => {
    expect(guardExpr('isApplicant')).toEqual({ kind: 'guard', name: 'isApplicant' });
    expect(guardExpr({ type: 'isMissingUrl', params: { url: '' } })).toEqual({
      kind: 'guard',
      name: 'isMissingUrl',
    });
    expect(guardExpr(() => true)).toEqual({ kind: 'inline' });
    expect(guardExpr(undefined)).toBeUndefined();
    const composed = guardExpr(
      and(['isCurrentApprover', not('isLastNode'), or(['isApplicant', 'hasReason'])]),
    );
    expect(composed).toEqual({
      kind: 'and',
      parts: [
        { kind: 'guard', name: 'isCurrentApprover' },
        { kind: 'not', parts: [{ kind: 'guard', name: 'isLastNode' }] },
        {
          kind: 'or',
          parts: [
            { kind: 'guard', name: 'isApplicant' },
            { kind: 'guard', name: 'hasReason' },
          ],
        },
      ],
    });
    expect(guardCode(composed!)).toBe('isCurrentApprover && !isLastNode && (isApplicant || hasReason)');
    expect(guardNames(composed)).toEqual(['isCurrentApprover', 'isLastNode', 'isApplicant', 'hasReason']);
  });

  it('says a composed guard in Chinese and in English, grouping what is composed inside', () => {
    const lastApproval = guardExpr(and(['isCurrentApprover', 'isLastNode']));
    expect(says(lastApproval, zh)).toBe('当前审批人 且 审批链的最后一步');
    expect(says(lastApproval, en)).toBe('the current approver and the chain’s last step');
    const forward = guardExpr(and(['isCurrentApprover', not('isLastNode')]));
    expect(says(forward, zh)).toBe('当前审批人 且 非审批链的最后一步');
    expect(says(forward, en)).toBe('the current approver and not the chain’s last step');
    const either = guardExpr(or(['isApplicant', and(['isVendorAdministrator', 'hasReason'])]));
    expect(says(either, en)).toBe('the applicant or (a vendor administrator and a reason given)');
    expect(says(guardExpr(not(and(['isApplicant', 'noDecisionYet']))), zh)).toBe(
      '非（申请人 且 尚无审批意见）',
    );
  });

  it('puts the guard tree on the diagram’s edges for the details panel', () => {
    const machine = setup({ guards: { isReady: () => true, isBig: () => true } }).createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: { target: 'b', guard: and(['isReady', not('isBig')]) } } }, b: {} },
    });
    const [edge] = machineGraph(machine).edges;
    expect(edge.guard).toBe('isReady && !isBig');
    expect(edge.guardExpr && guardNames(edge.guardExpr)).toEqual(['isReady', 'isBig']);
  });

  it('has words in zh and en for every guard of every registered machine', async () => {
    const missing: string[] = [];
    for (const { entry, machine } of await loadAllMachines()) {
      const names = new Set(machineGraph(machine).edges.flatMap((e) => guardNames(e.guardExpr)));
      for (const name of names) {
        for (const [lang, messages] of [
          ['zh', zh],
          ['en', en],
        ] as const) {
          if (!messages.workflows.guards[name]?.trim())
            missing.push(`${entry.id}: add workflows.guards.${name} to locales/${lang}/workflow-guards.ts`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Loading every machine takes seconds on a busy machine.
  }, 30_000);
});
