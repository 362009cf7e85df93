import type { Page } from 'playwright-core';
import { type E2E, login, waitForPath } from './browser';
import { api, protectedOpportunity, tokenFor } from './portal-api';

// The start the special-price browser tests share: a request the RSP made through the API, and a
// person signed in on its page.

/** A share of the standard price the province manager alone decides (from 95 %, docs/special-prices.md). */
const PROVINCE_ALONE = 97;

/**
 * The RSP's request, on a new protected opportunity named `project`, for `quantity` of a product at 97 %
 * of its standard price: it waits for the province manager alone.
 */
export async function requestForProvince(project: string, quantity: number) {
  const rsp = await tokenFor('rsp');
  const opportunity = await protectedOpportunity(rsp, {
    Name: project,
    ExtOppCustomerName_SDK: `${project} Hospital ${Date.now()}`,
  });
  const [product] = await api<{ pn: string; StandardPrice: string }[]>(
    '/product/getStandardPrice',
    { keyword: '', pageSize: 1 },
    rsp,
  );
  const cents = Math.round(Number(product.StandardPrice) * 100);
  const requested = ((cents * PROVINCE_ALONE) / 10_000).toFixed(2);
  const applied = await api<{ ObjectID: string; ExtSpecialApprovalNo_SDK: string }>(
    '/specialApproval/applyApproval',
    {
      OpportunityID: opportunity.ObjectID,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'Competitor quoted lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: quantity, RequestedPrice: requested }],
    },
    rsp,
  );
  return { objectId: applied.ObjectID, number: applied.ExtSpecialApprovalNo_SDK };
}

/** A new browser page of the person's, signed in through the login form, on the request's page. */
export async function openRequest(
  e2e: E2E,
  objectId: string,
  username: string,
  password = 'Demo@123456',
): Promise<Page> {
  const page = await e2e.newPage();
  await login(page, username, password);
  await waitForPath(page, '/dashboard');
  await page.goto(e2e.url(`/business/special-price-approval-info?objectID=${objectId}`));
  return page;
}
