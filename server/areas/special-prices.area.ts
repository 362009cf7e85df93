import { NUMBER_PREFIX } from '../../domain/numbering';
import { executionOrderExpiry } from '../special-prices/execution-order-expiry.job';
import { afterPriceBandWrite } from '../special-prices/price-bands';
import { specialPriceHooks } from '../special-prices/special-price.hooks';
import { specialPriceInvariants } from '../special-prices/special-price.invariants';
import { type AreaParts, defineArea } from './area';

/** Special prices and the execution orders they approve (docs/special-prices.md). */
export const specialPricesArea = defineArea(
  'specialPrices',
  (): AreaParts<'specialPrices'> => ({
    resources: {
      // Written only through its commands (server/special-prices).
      specialApproval: { routes: 'commands' },
      executionOrder: { number: { field: 'ExecutionOrderNo', prefix: NUMBER_PREFIX.executionOrder } },
      // Depth bands never overlap nor leave a depth without a chain.
      specialPriceBand: { afterWrite: afterPriceBandWrite, demo: 'story' },
    },
    workflows: { specialPrice: specialPriceHooks },
    jobs: { executionOrderExpiry },
    invariants: { ...specialPriceInvariants },
  }),
);
