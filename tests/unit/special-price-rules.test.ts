import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import {
  addWorkingDays,
  chainForDepth,
  DEFAULT_BANDS,
  type DrawableLine,
  planDraw,
  weightedDepthBp,
} from '../../machines/workflows/special-price.rules';

/**
 * DOMAIN.md "Special prices": the chain chosen by depth and margin at the band edges, the weighted
 * depth from integer fen, and execution orders that never draw past the approved quantity nor below
 * the approved price.
 */
const PROVINCE = [ROLE.provinceManager];
// The region level is the region manager (大区), its own role since the band page made it configurable.
const REGION = [ROLE.provinceManager, ROLE.regionManager];
const OPS_HEAD = [ROLE.provinceManager, ROLE.regionManager, ROLE.salesOperations];
const EXECUTIVE = [...OPS_HEAD, ROLE.executive];

describe('the chain a depth chooses', () => {
  it.each([
    [10_000, 2000, PROVINCE],
    [9500, -500, PROVINCE],
    [9499, 2000, REGION],
    [9000, 0, REGION],
    [8999, 1000, OPS_HEAD],
    [8500, 1000, OPS_HEAD],
    [8999, 999, EXECUTIVE],
    [8499, 5000, EXECUTIVE],
    [0, 0, EXECUTIVE],
  ])('depth %i bp with margin %i bp → %j', (depth, margin, chain) => {
    expect(chainForDepth(depth, margin)).toEqual(chain);
  });

  it('is never shorter for a deeper request with the same margin', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -10_000, max: 10_000 }),
        (a, b, margin) => {
          const [shallow, deep] = a >= b ? [a, b] : [b, a];
          expect(chainForDepth(deep, margin).length).toBeGreaterThanOrEqual(
            chainForDepth(shallow, margin).length,
          );
        },
      ),
    ));

  it('reads configured bands in any order', () =>
    expect(chainForDepth(9200, 0, [...DEFAULT_BANDS].reverse())).toEqual(REGION));

  it('weighs depth by quantity, in whole basis points rounded down', () => {
    const lines = [
      { standardFen: 100_00n, requestedFen: 90_00n, quantity: 3 },
      { standardFen: 50_00n, requestedFen: 50_00n, quantity: 1 },
    ];
    // (270 + 50) / (300 + 50) = 91.428… %
    expect(weightedDepthBp(lines)).toBe(9142);
  });

  it('counts 10 working days over weekends', () => {
    // Friday 2026-11-20 + 10 working days = Friday 2026-12-04.
    expect(addWorkingDays('2026-11-20', 10)).toBe('2026-12-04');
  });
});

const approvedLines = fc.uniqueArray(
  fc.record({
    productCode: fc.constantFrom('P1', 'P2', 'P3', 'P4'),
    approvedFen: fc.bigInt({ min: 1n, max: 10_000_000n }),
    left: fc.integer({ min: 0, max: 50 }),
  }),
  { selector: (l) => l.productCode, minLength: 1, maxLength: 4 },
);

const requestsFor = (lines: DrawableLine[]) =>
  fc.array(
    fc.record({
      productCode: fc.constantFrom(...lines.map((l) => l.productCode), 'X9'),
      quantity: fc.integer({ min: 0, max: 80 }),
      priceFen: fc.option(fc.bigInt({ min: 0n, max: 12_000_000n }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 6 },
  );

describe('an execution order drawn from the approved lines', () => {
  it('never draws past the approved quantity nor below the approved price', () =>
    fc.assert(
      fc.property(
        approvedLines.chain((lines) => fc.tuple(fc.constant(lines), requestsFor(lines))),
        ([lines, requests]) => {
          const plan = planDraw(lines, requests);
          if (!plan.ok) return;
          for (const line of lines) {
            const draws = plan.draws.filter((d) => d.productCode === line.productCode);
            expect(draws.reduce((t, d) => t + d.quantity, 0)).toBeLessThanOrEqual(line.left);
            for (const d of draws) expect(d.priceFen >= line.approvedFen).toBe(true);
          }
          expect(plan.draws.every((d) => lines.some((l) => l.productCode === d.productCode))).toBe(true);
        },
      ),
    ));

  it('draws repeatedly until nothing is left, and no further', () =>
    fc.assert(
      fc.property(
        approvedLines,
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 30 }),
        (lines, sizes) => {
          const state = lines.map((l) => ({ ...l }));
          const approved = lines.reduce((t, l) => t + l.left, 0);
          let drawn = 0;
          for (const size of sizes) {
            const line = state[size % state.length];
            const plan = planDraw(state, [{ productCode: line.productCode, quantity: size }]);
            if (!plan.ok) continue;
            line.left -= size;
            drawn += size;
          }
          expect(drawn).toBeLessThanOrEqual(approved);
          expect(state.every((l) => l.left >= 0)).toBe(true);
        },
      ),
    ));

  it('refuses a second request that together with the first passes what is left', () => {
    const plan = planDraw(
      [{ productCode: 'P1', approvedFen: 100n, left: 5 }],
      [
        { productCode: 'P1', quantity: 3 },
        { productCode: 'P1', quantity: 3 },
      ],
    );
    expect(plan).toMatchObject({ ok: false, field: 'ExecuteQuantity' });
  });
});
