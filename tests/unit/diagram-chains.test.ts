import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { withChains } from '../../machines/viewer/diagram-chains';
import { drawnSize, drawSvg } from '../../machines/viewer/diagram-svg';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
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

describe('the approval chain drawn on the chart', () => {
  it.each(['zh', 'en'] as const)(
    'draws the configured steps with their roles and people in a lane under the states, in %s, in the export too',
    async (lang) => {
      const t = translator(lang);
      const lane = chainLane(CHAINS[lang], t);
      const viewer = createActor(workflowViewerMachine).start();
      viewer.send({ type: 'words.set', words: chartWords(t, lang) });
      viewer.send({ type: 'panel.resize', size: { width: 950, height: 640, wide: 1200 } });
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
