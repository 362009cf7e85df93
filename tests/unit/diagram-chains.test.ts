import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { layoutMachine } from '../../machines/viewer/diagram';
import { withChains } from '../../machines/viewer/diagram-chains';
import { opensWhole, type Room } from '../../machines/viewer/diagram-fit';
import { drawnSize, drawSvg } from '../../machines/viewer/diagram-svg';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';
import type { ChainWords } from '../../services/process-history.service';
import type { Translate } from '../../views/app-context';
import { chainLane } from '../../views/workflows/chain-lane';
import { type ChartLang, chartWords } from '../../views/workflows/diagram-words';

const translator = (lang: ChartLang): Translate => {
  const i18n = rosetta({ zh, en });
  return (key, params) => i18n.t(key, params ?? {}, lang) || key;
};

/** Two order bands as `/workflowStream/chains` gives them (in the caller's language). */
const CHAINS: Record<ChartLang, ChainWords[]> = {
  zh: [
    {
      When: '标准订单 · 0 – 50,000 元',
      Steps: [{ Role: '销售运营', Person: null, People: ['钱商务'], More: 0 }],
    },
    {
      When: '标准订单 · 50,000 元以上',
      Steps: [
        { Role: '销售运营', Person: null, People: ['钱商务', '孙运营'], More: 2 },
        { Role: '财务', Person: '李财务', People: [], More: 0 },
      ],
    },
  ],
  en: [
    {
      When: 'Standard order · 0 – 50,000',
      Steps: [{ Role: 'Sales ops', Person: null, People: ['Qian'], More: 0 }],
    },
    {
      When: 'Standard order · over 50,000',
      Steps: [
        { Role: 'Sales ops', Person: null, People: ['Qian', 'Sun'], More: 2 },
        { Role: 'Finance', Person: 'Li', People: [], More: 0 },
      ],
    },
  ],
};

/** The chart panel of a 1440×900 window, as Chromium measures it (tests/unit/diagram-fit.test.ts). */
const AT_1440x900: Room = { width: 942, height: 648, wide: 1194 };

/** Four kinds of order, three amount bands each, one to three steps: as many chains as the demo's order approval. */
const manyChains = (lang: ChartLang): ChainWords[] => {
  const kinds =
    lang === 'zh'
      ? ['标准订单', '特价订单', '服务订单', '借转销订单']
      : ['Standard', 'Special-price order', 'Service order', 'Loan-to-sale'];
  const bands =
    lang === 'zh'
      ? [
          '金额高于 0.00 至 500,000.00（含）',
          '金额高于 500,000.00 至 2,000,000.00（含）',
          '金额高于 2,000,000.00',
        ]
      : [
          'amount above 0.00 up to 500,000.00',
          'amount above 500,000.00 up to 2,000,000.00',
          'amount above 2,000,000.00',
        ];
  const roles =
    lang === 'zh' ? ['商务', '财务', '分管副总裁'] : ['Sales operations desk', 'Finance', 'Executive'];
  const people = [['蒋新人(newstaff)', '钱商务(ops)'], ['孙财务(finance)'], ['郑副总(vp)']];
  return kinds.flatMap((kind) =>
    bands.map((band, b) => ({
      When: `${kind}${lang === 'zh' ? '，' : ', '}${band}`,
      Steps: roles.slice(0, b + 1).map((Role, i) => ({ Role, Person: null, People: people[i], More: 0 })),
    })),
  );
};

describe('the approval chain drawn on the chart', () => {
  it.each(['zh', 'en'] as const)(
    'draws the configured steps with their roles and people in a lane under the states, in %s, in the export too',
    async (lang) => {
      const t = translator(lang);
      const lane = chainLane(CHAINS[lang], t);
      const viewer = createActor(workflowViewerMachine).start();
      viewer.send({ type: 'words.set', words: chartWords(t, lang) });
      viewer.send({ type: 'panel.resize', size: AT_1440x900 });
      viewer.send({ type: 'machine.select', id: 'orderApproval' });
      await waitFor(viewer, (s) => s.matches('shown'), { timeout: 120_000 });
      const bare = viewer.getSnapshot().context.layout!;
      expect(bare.lane).toBeUndefined();
      viewer.send({ type: 'chains.set', chains: lane });
      await waitFor(viewer, (s) => s.matches('shown') && !!s.context.layout?.lane, { timeout: 120_000 });
      const drawn = viewer.getSnapshot().context.layout!;
      // The lane is part of the chart: fitting and the export take its size.
      expect(drawn.height).toBeGreaterThan(drawn.lane!.top);
      expect(drawn.lane!.top).toBeGreaterThan(0);
      const svg = drawSvg(drawn);
      expect(svg).toContain('wf-chain-lane');
      expect(svg).toContain(`>${t('workflows.chains.title').replace(/&/g, '&amp;')}<`);
      for (const chain of CHAINS[lang]) {
        expect(svg).toContain(`>${chain.When}<`);
        for (const step of chain.Steps) expect(svg).toContain(`>${step.Role}<`);
      }
      const people = CHAINS[lang][1].Steps[0];
      expect(svg).toContain(`>${people.People.join('、')} ${t('workflows.chains.more', { count: 2 })}<`);
      expect(svg).toContain(
        `>${t('workflows.chains.person', { person: CHAINS[lang][1].Steps[1].Person! })}<`,
      );
      expect(svg.match(/class="wf-chain-step"/g)).toHaveLength(3);
      expect(drawnSize(drawn).height).toBe(Math.ceil(drawn.height));
      // Without chains, the chart as it was.
      expect(withChains(bare, undefined)).toBe(bare);
      expect(drawSvg(bare)).not.toContain('wf-chain-lane');
    },
    240_000,
  );
});

describe('many approval chains', () => {
  it.each(['zh', 'en'] as const)(
    'spread under the states as wide as the panel lets, so the order approval still opens whole at 1440×900 in %s',
    async (lang) => {
      const t = translator(lang);
      const viewer = createActor(workflowViewerMachine).start();
      viewer.send({ type: 'words.set', words: chartWords(t, lang) });
      viewer.send({ type: 'panel.resize', size: AT_1440x900 });
      viewer.send({ type: 'machine.select', id: 'orderApproval' });
      await waitFor(viewer, (s) => s.matches('shown'), { timeout: 120_000 });
      viewer.send({ type: 'chains.set', chains: chainLane(manyChains(lang), t) });
      await waitFor(viewer, (s) => s.matches('shown') && !!s.context.layout?.lane, { timeout: 120_000 });
      const { layout, wide } = viewer.getSnapshot().context;
      const lane = layout!.lane!;
      expect(lane.blocks).toHaveLength(12);
      expect(opensWhole({ layout: layout!, wide }, AT_1440x900)).toBe(true);
      // The lane is clear of the states: under them, or to their right.
      const states = layout!.nodes;
      if (lane.side === 'under')
        expect(lane.top).toBeGreaterThanOrEqual(Math.max(...states.map((p) => p.y + p.height)));
      else expect(lane.left).toBeGreaterThanOrEqual(Math.max(...states.map((p) => p.x + p.width)));
    },
    240_000,
  );

  it('go beside the states in columns no taller than asked, the chart’s height at least', async () => {
    const t = translator('zh');
    const chart = await layoutMachine(approvalWorkflow);
    const lane = chainLane(manyChains('zh'), t);
    const beside = withChains(chart, lane, { side: 'beside', extent: 480 });
    expect(beside.lane!.left).toBe(chart.width);
    expect(beside.width).toBe(chart.width + beside.lane!.width);
    expect(beside.height).toBeLessThanOrEqual(Math.max(480, chart.height));
    expect(new Set(beside.lane!.blocks.map((b) => b.x)).size).toBeGreaterThan(1);
    for (const block of beside.lane!.blocks) expect(block.x).toBeGreaterThan(chart.width);
    // Its frame is drawn where it was placed, not at the chart's left edge.
    expect(drawSvg(beside)).toContain(`<rect x="${Math.round((chart.width + 4) * 10) / 10}"`);
  });
});
