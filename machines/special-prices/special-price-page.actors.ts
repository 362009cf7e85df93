import { fromPromise } from 'xstate';
import { fetchDictionaries } from '../../services/dictionary.service';
import {
  fetchSpecialPrice,
  fetchStandardPrices,
  type SpecialPriceCall,
  type SpecialPriceView,
  sendSpecialPrice,
} from '../../services/special-price.service';
import { type StandardPrice, specialPricePageMachine } from './special-price-page.machine';

/** The dictionaries the special-price pages show values of. */
const CODES = ['Brand', 'SpecialPriceStatus', 'ExecutionOrderStatus'];

/** The special-price pages wired to /specialApproval/*, in the reader's language. */
export const specialPricePageLogic = (lang: () => string) =>
  specialPricePageMachine.provide({
    actors: {
      loadPrice: fromPromise<SpecialPriceView, string>(async ({ input }) => {
        const [view, dictionaries] = await Promise.all([
          fetchSpecialPrice(input),
          fetchDictionaries(CODES, lang()),
        ]);
        return { ...view, dictionaries };
      }),
      sendCall: fromPromise<Record<string, unknown>, SpecialPriceCall>(({ input }) =>
        sendSpecialPrice(input),
      ),
      priceProducts: fromPromise<StandardPrice[], string[]>(({ input }) => fetchStandardPrices(input)),
    },
  });
