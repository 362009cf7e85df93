import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { OpportunityStatus } from '../../domain/codes/opportunities.codes';
import { Brand } from '../../domain/codes/products.codes';
import { ROLE } from '../../domain/roles';
import { APPLY_PAGE, applyLinkOf } from '../../machines/special-prices/apply-link.rules';
import {
  type CpqClass,
  type CpqConfiguration,
  type CpqPrice,
  cpqPickerMachine,
  cpuSearchParams,
  offeredConfigurations,
} from '../../machines/special-prices/cpq-picker.machine';

/**
 * The opportunity page's way to a special price, and the configuration picker of the request form:
 * what a person is offered follows what the server would accept.
 */
const everything = { canOpen: () => true };
const opportunity = (status: string) => ({
  ExtOpportunityNOText_SDK: 'BB202611200001',
  ExtOpportunityStatus_SDK: status,
});

describe('the apply-for-special-price action of an opportunity', () => {
  it('opens the request prefilled with a protected or at-risk opportunity', () => {
    for (const status of [OpportunityStatus.protected, OpportunityStatus.atRisk])
      expect(applyLinkOf(opportunity(status), { ...everything, roleCode: ROLE.rspAgent })).toEqual({
        kind: 'open',
        href: '/business/special-price-apply?opportunity=BB202611200001',
      });
  });

  it('says why on any other opportunity, and is not there for who cannot ask', () => {
    expect(
      applyLinkOf(opportunity(OpportunityStatus.submitted), {
        ...everything,
        roleCode: ROLE.salesOperations,
      }),
    ).toEqual({
      kind: 'explain',
      reason: 'specialPrices.page.notProtectedHint',
      params: { no: 'BB202611200001' },
    });
    // Approvers decide special prices, they do not ask for them (the server refuses them: 403).
    for (const roleCode of [ROLE.provinceManager, ROLE.regionManager, ROLE.cityManager])
      expect(applyLinkOf(opportunity(OpportunityStatus.protected), { ...everything, roleCode }).kind).toBe(
        'none',
      );
    const noPage = { roleCode: ROLE.rspAgent, canOpen: (id: string) => id !== APPLY_PAGE };
    expect(applyLinkOf(opportunity(OpportunityStatus.protected), noPage).kind).toBe('none');
    // A new registration has no number yet.
    expect(applyLinkOf({}, { ...everything, roleCode: ROLE.rspAgent }).kind).toBe('none');
  });
});

const configuration = (pn: string, cpu: string | null): CpqConfiguration => ({
  pn,
  configName: pn,
  platform: 'X86',
  brand: Brand.ownBrand,
  type: 'SRV',
  model: 'SR2200G6',
  cpu,
  listPrice: '100000.00',
  standardPrice: '78000.00',
});

describe('the configuration picker', () => {
  it('walks platform → brand → type → model, lists the model’s configurations, narrows them by CPU and hands the priced one over', async () => {
    const loaded: (string | undefined)[] = [];
    const actor = createActor(
      cpqPickerMachine.provide({
        actors: {
          loadClasses: fromPromise<CpqClass[], string | undefined>(async ({ input }) => {
            loaded.push(input);
            return [
              {
                code: `${input ?? 'X86'}-child`,
                name: 'child',
                level: 'x',
                parentCode: null,
                hasChildren: true,
              },
            ];
          }),
          loadConfigurations: fromPromise<CpqConfiguration[], string>(async () => [
            configuration('CFG-A', 'Intel Xeon Gold 6430 (32C, 2.1GHz)'),
            configuration('CFG-B', 'AMD EPYC 9354 (32C, 3.25GHz)'),
          ]),
          loadPrice: fromPromise<CpqPrice, string>(async ({ input }) => ({
            pn: input,
            description: input,
            listPrice: '100000.00',
            standardPrice: '78000.00',
            children: [],
          })),
        },
      }),
    );
    const picked: string[] = [];
    actor.on('picked', (e) => picked.push(e.price.pn));
    actor.start();
    const ready = () => waitFor(actor, (s) => s.matches({ open: 'ready' }));
    actor.send({ type: 'cpq.open' });
    await ready();
    actor.send({ type: 'cpq.level', level: 'platform', code: 'X86' });
    await ready();
    actor.send({ type: 'cpq.level', level: 'brand', code: 'X86-101' });
    await ready();
    // Choosing a higher level again forgets the levels under it.
    actor.send({ type: 'cpq.level', level: 'platform', code: 'ARM' });
    await ready();
    expect(actor.getSnapshot().context.chosen).toEqual({ platform: 'ARM' });
    expect(loaded).toEqual([undefined, 'X86', 'X86-101', 'ARM']);
    actor.send({ type: 'cpq.level', level: 'model', code: 'SR2200G6' });
    await ready();
    const context = actor.getSnapshot().context;
    expect(offeredConfigurations(context).map((c) => c.pn)).toEqual(['CFG-A', 'CFG-B']);
    expect(cpuSearchParams(context)).toEqual({ platform: 'ARM', model: 'SR2200G6' });
    actor.send({ type: 'cpq.cpu', cpu: 'AMD EPYC 9354 (32C, 3.25GHz)' });
    expect(offeredConfigurations(actor.getSnapshot().context).map((c) => c.pn)).toEqual(['CFG-B']);
    actor.send({ type: 'cpq.choose', pn: 'CFG-B' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(picked).toEqual(['CFG-B']);
  });
});
