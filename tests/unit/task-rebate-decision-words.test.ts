import { describe, expect, it } from 'vitest';
import { commandLabel, doneText, stateLabel } from '../../domain/decision-words';
import { workflowsByArea } from '../../machines/workflows/registry';
import { translate } from '../../server/http/i18n';

/**
 * What the sales task and rebate workflows answer a decision with, and what their panels and lists
 * call a command or a state, is words in both languages: a command or a state without its own or the
 * shared words would reach the person as its name (`post`, `vendorReview`), as a dotted key once did.
 */
const workflows = [...workflowsByArea.salesTasks, ...workflowsByArea.rebates];
const langs = ['zh', 'en'] as const;
const NAME_OR_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/;

/** Every state of a machine, nested ones too, by its own key. */
function stateKeys(node: { states?: Record<string, unknown> }): string[] {
  return Object.entries(node.states ?? {}).flatMap(([key, child]) => [
    key,
    ...stateKeys(child as { states?: Record<string, unknown> }),
  ]);
}

describe('the words of the sales task and rebate workflows', () => {
  it('name every command and every state in Chinese and English', () => {
    const bare: string[] = [];
    let named = 0;
    for (const declaration of workflows)
      for (const lang of langs) {
        const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
        for (const command of Object.keys(declaration.commands)) {
          const words = commandLabel(t, declaration.name, command);
          named++;
          if (NAME_OR_KEY.test(words)) bare.push(`${lang} ${declaration.name} command ${command}: ${words}`);
        }
        for (const state of stateKeys(declaration.machine.root as never)) {
          const words = stateLabel(t, declaration.name, state);
          named++;
          if (NAME_OR_KEY.test(words)) bare.push(`${lang} ${declaration.name} state ${state}: ${words}`);
        }
      }
    expect(workflows.length).toBe(7);
    expect(named).toBeGreaterThan(100);
    expect(bare).toEqual([]);
  });

  it('answer an STI posted and a settlement posted as what happened, in both languages', () => {
    const zh = (key: string, params?: Record<string, unknown>) => translate('zh', key, params);
    const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
    expect(doneText(zh, 'rspStiReview', 'post', 'posted')).toMatch(/入账/);
    expect(doneText(en, 'rspStiReview', 'post', 'posted')).toMatch(/[Pp]osted/);
    expect(doneText(zh, 'rebateSettlement', 'post', 'posted')).toMatch(/入账/);
    expect(doneText(en, 'cityManagerStiReview', 'post', 'posted')).not.toMatch(NAME_OR_KEY);
  });

  it('read the order approval history and the ledger adjustment in words, not by their keys', () => {
    expect(translate('zh', 'orderApproval.page.events.application.submit')).toBe('提交');
    expect(translate('en', 'orderApproval.page.events.application.submit')).toBe('Submitted');
    expect(translate('zh', 'rebate.adjusted')).toBe('返利调整已入账');
    expect(translate('en', 'rebate.adjusted')).toBe('The rebate adjustment is posted');
  });
});
