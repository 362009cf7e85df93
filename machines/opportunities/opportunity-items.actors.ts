import { fromPromise } from 'xstate';
import {
  addOpportunityItem,
  changeOpportunityItem,
  fetchItemsChangeable,
  fetchOpportunityItems,
  type OpportunityProduct,
  removeOpportunityItem,
  searchOpportunityProducts,
} from '../../services/opportunity-items.service';
import { type ItemChange, type LoadedItems, opportunityItemsMachine } from './opportunity-items.machine';

function save({ opportunityId, change }: { opportunityId: string; change: ItemChange }) {
  if (change.kind === 'remove') return removeOpportunityItem(change.id);
  const values = {
    Quantity: change.quantity.trim(),
    ...(change.expectedPrice.trim() ? { ExpectedPrice: change.expectedPrice.trim() } : {}),
  };
  return change.kind === 'add'
    ? addOpportunityItem({
        OpportunityID: opportunityId,
        pn: change.pn,
        ...values,
        ...(change.bidders.trim() ? { bidderQuantity: change.bidders.trim() } : {}),
      })
    : changeOpportunityItem({ ObjectID: change.id, ...values, ExpectedPrice: change.expectedPrice.trim() });
}

/** The opportunity's products panel wired to the product search and the item commands. */
export const opportunityItemsLogic = opportunityItemsMachine.provide({
  actors: {
    loadItems: fromPromise<LoadedItems, { opportunityId: string; opportunityNo: string }>(
      async ({ input }) => {
        const [items, { Changeable }] = await Promise.all([
          fetchOpportunityItems(input.opportunityNo),
          fetchItemsChangeable(input.opportunityId),
        ]);
        return { items, editable: Changeable };
      },
    ),
    searchProducts: fromPromise<OpportunityProduct[], { keyword: string; productLine?: string }>(
      ({ input }) => searchOpportunityProducts(input.keyword, input.productLine),
    ),
    saveItem: fromPromise<unknown, { opportunityId: string; change: ItemChange }>(({ input }) => save(input)),
  },
});
