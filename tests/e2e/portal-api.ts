import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { JobRunResult } from '../../domain/codes/base.codes';
import { registrationBody } from '../api/opportunity-registration-body';
import { tokenOf } from './browser';
import { portalBaseURL } from './portal-url';

// What the browser tests prepare or check through the API rather than through the screens.
const portalUrl = (path: string) => new URL(`/portal${path}`, portalBaseURL()).toString();

// Each test reads the fields of the envelope it expects.
type Envelope = any;

/** The whole answer of POST /portal<path>, as the token's owner or, without one, anonymously. */
export async function portalEnvelope(path: string, body: unknown, token?: string): Promise<Envelope> {
  const response = await fetch(portalUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** A refused call fails the test there, with the server's sentence, rather than at a later read. */
function resultsOf<T>(path: string, body: Envelope): T {
  if (!body.state) throw new Error(`${path}: ${body.message}`);
  return body.results as T;
}

/** The results of POST /portal<path>, as the token's owner or anonymously. */
export async function api<T>(path: string, data: unknown, token?: string): Promise<T> {
  return resultsOf<T>(path, await portalEnvelope(path, data, token));
}

/** The results of POST /portal<path> from the page, as the person signed in there unless a token is given. */
export async function pageApi<T>(page: Page, path: string, data: unknown, token?: string): Promise<T> {
  const response = await page.request.post(portalUrl(path), {
    headers: { 'x-token': token ?? (await tokenOf(page)) ?? '', 'content-type': 'application/json' },
    data,
  });
  return resultsOf<T>(path, await response.json());
}

/** Picks an option of a form's dropdown field in the tab. */
export async function choose(tab: Locator, page: Page, field: string, option: string) {
  await tab.locator(`.p-dropdown:has(#field-${field})`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: option }).first().click();
  // The panel is gone before the next pick, so its items cannot be taken for the next one's.
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** A demo person's token, signed in through the API (the set-up, not what is tested). */
export const tokenFor = async (username: string) =>
  (await api<{ token: string }>('/user/login', { username, password: 'Demo@123456' })).token;

/** What a registered opportunity's set-up reads back: its id, its number and the agent it was registered for. */
export interface RegisteredOpportunity {
  ObjectID: string;
  ExtOpportunityNOText_SDK: string;
  AgentName: string;
}

/** The company an agent's person registers deals for: the one the registration form's agent picker offers. */
export async function ownCompanyName(token: string): Promise<string> {
  const [own] = await api<{ Name: string }[]>('/customerLookup/search', { DealOwner: true }, token);
  return own.Name;
}

/**
 * An opportunity the token's owner (an agent's person) registers for its company and submits through
 * the API, so it is protected at once: the start of the tests about what happens to a protected one.
 * The test names it and its customer (unique, so no earlier run's registration collides) and may
 * change other fields.
 */
export async function protectedOpportunity(
  token: string,
  fields: { Name: string; ExtOppCustomerName_SDK: string } & Record<string, string>,
): Promise<RegisteredOpportunity> {
  const created = await api<RegisteredOpportunity>(
    '/opportunity/create',
    registrationBody({ AgentName: await ownCompanyName(token), ...fields }),
    token,
  );
  await api(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: created.ObjectID, command: 'submit', payload: {} },
    token,
  );
  return created;
}

/**
 * Gives an agent room to order in the tests that are about something else: its own-line credit limit
 * raised the only way a limit changes (docs/credit-limits.md), sales operations asking and finance
 * agreeing.
 */
export async function ampleCreditLimit(agentId: string) {
  await api(
    '/customer/requestCreditLimit',
    { ObjectID: agentId, CreditLimit: '900000000.00', RequestReason: 'Room for the test orders' },
    await tokenFor('ops'),
  );
  await api(
    '/workflow/decide',
    { workflow: 'creditLimitChange', ObjectID: agentId, command: 'agree', payload: {} },
    await tokenFor('finance'),
  );
}

/** The agent's own company as its order form offers it (an RSP supplies CCPs too: its own comes first). */
export async function ownCompany(token: string) {
  const agents = await api<{ Name: string; ObjectID: string; ExtCustomerType_SDK?: string }[]>(
    '/customerLookup/search',
    { currentPage: 1, pageSize: 50 },
    token,
  );
  return agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
}

/**
 * A draft standard order of one unit, entered on the self-built order form as the token's owner for the
 * agent: of the product given, else the first the form offers; for the end user given; dated today.
 */
export async function selfBuiltDraft(
  token: string,
  agentName: string,
  { endUser = '南京测试最终用户有限公司', productCode }: { endUser?: string; productCode?: string } = {},
) {
  const code =
    productCode ??
    (await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, token))[0].ProductCode;
  return api<{ ObjectID: string; OrderNo: string }>(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agentName,
      EndUserName: endUser,
      OrderDate: businessDay(),
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: '张收货',
      ReceiverPhone: '13800000000',
      ReceiverAddress: '南京市玄武区中山路1号',
      Lines: [{ ProductCode: code, Quantity: 1 }],
    },
    token,
  );
}

/**
 * Points a scheduled job at its parameters (or back at none) as the administrator and, when asked, runs
 * it now and waits until that run (not an earlier one) has succeeded.
 */
export async function runJobNow(admin: string, handler: string, params: Record<string, unknown>, run = true) {
  const [job] = await api<{ ObjectID: string; Version: number }[]>(
    '/cronJob/search',
    { Handler: handler },
    admin,
  );
  await api('/cronJob/update', { ObjectID: job.ObjectID, Version: job.Version, Params: params }, admin);
  if (!run) return;
  const runs = () =>
    api<{ ObjectID: string; Trigger: string; Outcome: string }[]>(
      '/cronJob/runs',
      { ObjectID: job.ObjectID },
      admin,
    );
  const before = new Set((await runs()).map((r) => r.ObjectID));
  await api('/cronJob/runNow', { ObjectID: job.ObjectID }, admin);
  const outcome = async () =>
    (await runs()).find((r) => r.Trigger === 'manual' && !before.has(r.ObjectID))?.Outcome;
  await expect.poll(outcome, { timeout: 30_000 }).toBe(JobRunResult.succeeded);
}
