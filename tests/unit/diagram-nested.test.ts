import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { loadMachine } from '../../machines/registry';
import { layoutChart } from '../../machines/viewer/diagram';
import { chooseChart, formOrder, opensWhole, type Room } from '../../machines/viewer/diagram-fit';
import { machineGraph } from '../../machines/viewer/diagram-graph';
import type { Box } from '../../machines/viewer/diagram-layout';
import { boxesInBoxes } from '../../machines/viewer/diagram-nested';
import { drawSvg } from '../../machines/viewer/diagram-svg';
import type { Translate } from '../../views/app-context';
import { type ChartLang, chartWords } from '../../views/workflows/diagram-words';

const translator = (lang: ChartLang): Translate => {
  const i18n = rosetta({ zh, en });
  return (key, params) => i18n.t(key, params ?? {}, lang) || key;
};

/** The chart panel of a 1440×900 window, as tests/unit/diagram-fit.test.ts measures it. */
const AT_1440x900: Room = { width: 942, height: 648, wide: 1194, tall: 728 };

const near = (a: number, b: number) => Math.abs(a - b) < 1;
const onOrIn = (p: { x: number; y: number }, b: Box) =>
  p.x > b.x - 1 && p.x < b.x + b.width + 1 && p.y > b.y - 1 && p.y < b.y + b.height + 1;

describe('each box laid out on its own', () => {
  it('is the last form, only for a chart with boxes in boxes and long events', () => {
    const forms = formOrder('DOWN', true, false, true, true);
    expect(forms.slice(-2)).toMatchObject([
      { direction: 'DOWN', nested: true, lettered: true, numbered: true },
      { direction: 'RIGHT', nested: true, lettered: true, numbered: true },
    ]);
    expect(forms.filter((f) => f.nested)).toHaveLength(2);
    expect(formOrder('DOWN', true, false, true).some((f) => f.nested)).toBe(false);
    expect(formOrder('DOWN', true, false, false, true).some((f) => f.nested)).toBe(false);
  });

  it('is chosen only where nothing else fits, the full height included', () => {
    const room: Room = { width: 900, height: 600, wide: 1200, tall: 700 };
    const form = { direction: 'DOWN' as const, wrapped: false, numbered: true, lettered: true };
    const tallOnly = { ...form, packing: 'merged' as const, close: true, width: 1000, height: 780 };
    const nested = { ...tallOnly, nested: true, width: 1000, height: 650 };
    expect(chooseChart([tallOnly, nested], room)).toEqual({ layout: tallOnly, wide: true, tall: true });
    expect(chooseChart([{ ...tallOnly, height: 900 }, nested], room)).toEqual({
      layout: nested,
      wide: false,
    });
  });

  it('is made for the company lookup (a box in a box in the machine’s), not for a chart of one level', async () => {
    expect(boxesInBoxes(machineGraph(await loadMachine('companyLookup')))).toBe(true);
    expect(boxesInBoxes(machineGraph(await loadMachine('approval')))).toBe(false);
  });

  it.each(['zh', 'en'] as const)(
    'opens the company lookup whole at 1440×900 in %s, every arrow one orthogonal route from its state to its target',
    async (lang) => {
      const machine = await loadMachine('companyLookup');
      const { all } = await layoutChart(machine, 'DOWN', chartWords(translator(lang), lang), AT_1440x900);
      const choice = chooseChart(all, AT_1440x900);
      expect(choice.layout.nested).toBe(true);
      expect(opensWhole(choice, AT_1440x900)).toBe(true);
      const { layout } = choice;
      const boxes = new Map(layout.nodes.map((p) => [p.node.id, p]));
      for (const placed of layout.edges) {
        const { edge, points } = placed;
        expect(points.length, edge.id).toBeGreaterThan(1);
        for (let i = 1; i < points.length; i++) {
          const [a, b] = [points[i - 1], points[i]];
          expect(near(a.x, b.x) || near(a.y, b.y), `${edge.id} at ${i}`).toBe(true);
        }
        expect(onOrIn(points[0], boxes.get(edge.source)!), edge.id).toBe(true);
        expect(onOrIn(points[points.length - 1], boxes.get(edge.target)!), edge.id).toBe(true);
        if (placed.label)
          expect(onOrIn(placed.label, { x: 0, y: 0, width: layout.width, height: layout.height })).toBe(true);
      }
      // A box's own arrow to a state inside it starts at a ring inside the box.
      const svg = drawSvg(layout);
      expect(svg).toContain('class="wf-from-box"');
      expect(layout.edges.filter((e) => e.inside).map((e) => e.edge.source)).toContain(
        'companyLookup.open.fallback',
      );
    },
    120_000,
  );
});
