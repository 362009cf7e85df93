import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { workflowDescriptions as enDescriptions } from '../../locales/en/workflow-descriptions';
import { zh } from '../../locales/zh/messages';
import { workflowDescriptions as zhDescriptions } from '../../locales/zh/workflow-descriptions';
import { loadAllMachines } from '../../machines/registry';
import { descriptionKey, machineGraph } from '../../machines/viewer/diagram-graph';
import { detailLines, edgeLines, stateLabel } from '../../machines/viewer/diagram-layout';
import type { Translate } from '../../views/app-context';
import { type ChartLang, chartWords } from '../../views/workflows/diagram-words';

const translator = (lang: ChartLang): Translate => {
  const i18n = rosetta({ zh, en });
  return (key, params) => i18n.t(key, params ?? {}, lang) || key;
};

/**
 * What gives a code name away: a dotted key (`review.agree`), a camelCase id (`inReview`), `Snake_Id`,
 * or a chain position by a variable's letter ("node n", "第 n 个节点") where a reader wants "the
 * current step".
 */
const RAW = [
  /\b[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*\b/,
  /\b[a-z]+[A-Z][A-Za-z0-9]*\b/,
  /\b[A-Za-z]+_[A-Za-z_]+\b/,
  /\b(?:node|step) n\b/i,
  /第 ?n ?[个步]/,
];
const rawIn = (text: string) => RAW.map((re) => re.exec(text)?.[0]).find(Boolean);

/**
 * The workflow viewer draws every registered machine in the reader's language: each state, event,
 * service, tag and business rule has its words in Chinese and in English, and nothing the chart or
 * its details show reads like code.
 */
describe('the charts in words', async () => {
  const machines = await loadAllMachines();

  it.each(['zh', 'en'] as const)(
    'names every state, event and rule of every machine in %s',
    (lang) => {
      const missing: string[] = [];
      const raw: string[] = [];
      const words = chartWords(translator(lang), lang, (what) => missing.push(what));
      for (const { entry, machine } of machines) {
        const graph = machineGraph(machine, words);
        const shown = [
          ...graph.nodes.flatMap((n) => [stateLabel(n), ...detailLines(n), n.description ?? '']),
          ...graph.edges.flatMap((e) => [...edgeLines(e), e.description ?? '']),
        ];
        for (const text of shown) {
          const code = rawIn(text);
          if (code) raw.push(`${entry.id}: "${code}" in "${text}"`);
        }
      }
      expect(missing).toEqual([]);
      expect(raw).toEqual([]);
    },
    30_000,
  );

  it('keeps no rule for a state or transition a machine no longer has, in either language', () => {
    const keys = new Map<string, Set<string>>();
    for (const { machine } of machines) {
      const graph = machineGraph(machine);
      keys.set(
        machine.id,
        new Set([
          ...graph.nodes.filter((n) => n.description).map((n) => descriptionKey(machine.id, n.id)),
          ...graph.edges.filter((e) => e.description).map((e) => descriptionKey(machine.id, e.transition)),
        ]),
      );
    }
    for (const table of [zhDescriptions, enDescriptions]) {
      const stale = Object.entries(table).flatMap(([id, rules]) =>
        Object.keys(rules)
          .filter((key) => !keys.get(id)?.has(key))
          .map((key) => `${id} ${key}`),
      );
      expect(stale).toEqual([]);
    }
  });

  it('says a business workflow as its decision panel does, guards included', async () => {
    const approval = machines.find((m) => m.entry.id === 'approval')!.machine;
    const zhGraph = machineGraph(approval, chartWords(translator('zh'), 'zh'));
    const agree = zhGraph.edges.find((e) => e.transition === 'approval.inApproval:approval.agree:0')!;
    expect(agree.eventText).toBe('同意');
    expect(agree.guardText).toBe('[仅当前审批人 且 审批链的最后一步]');
    expect(zhGraph.nodes.find((n) => !n.parent)!.name).toBe('申请审批');
    const enGraph = machineGraph(approval, chartWords(translator('en'), 'en'));
    const enAgree = enGraph.edges.find((e) => e.transition === agree.transition)!;
    expect(enAgree.guardText).toBe('[only if the current approver and the chain’s last step]');
    expect(enGraph.nodes.find((n) => n.id === 'approval.inApproval')!.name).not.toBe('inApproval');
  });
});
