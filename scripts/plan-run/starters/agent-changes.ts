import { CustomerStatus } from '../../../domain/codes/customers.codes';
import type { ChangeRequest } from '../../../machines/workflows/customer-change.rules';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { StartedRecord, Starter } from '../run-plan';
import { applicantAccount, unique } from './kit';

const WORKFLOW = 'customerChange';

/** The application the example makes (a renewal of an RSP's agreement), as its page sends it. */
function exampleApplication() {
  const input = findWorkflow(WORKFLOW)?.example.input as { kind: string; change: ChangeRequest };
  if (input.kind !== 'renewal') throw new Error(`${WORKFLOW}: a starter for ${input.kind} is not written`);
  return { page: '/customer/renewal', change: input.change };
}

/** Agents a path of this run has applied for already: an agent has one open application at a time. */
const taken = new Set<string>();

/** The statuses a renewal may be asked in (customer-change.rules.ts): cooperating, or expired. */
const RENEWABLE: string[] = [CustomerStatus.active, CustomerStatus.renewalDue, CustomerStatus.expired];

/** A renewable agent the applicant sees that has no open application and no path of this run yet. */
async function aFreeAgent(portal: PortalCalls, token: string, workflow = WORKFLOW) {
  const open = await portal.post('/customer/searchProcessCustomer', { currentPage: 1, pageSize: 100 }, token);
  const busy = new Set(((open.body?.results ?? []) as { ObjectID: string }[]).map((r) => r.ObjectID));
  for (let page = 1; page <= 20; page += 1) {
    const found = await portal.post('/customer/search', { currentPage: page, pageSize: 50 }, token);
    const rows = (found.body?.results ?? []) as Record<string, string>[];
    const free = rows.find(
      (r) => RENEWABLE.includes(r.ExtCustomerStatus_SDK) && !busy.has(r.ObjectID) && !taken.has(r.ObjectID),
    );
    if (free) {
      taken.add(free.ObjectID);
      return free.ObjectID;
    }
    if (rows.length < 50) break;
  }
  throw new Error(`${workflow}: no renewable agent without an open application left to apply for`);
}

/**
 * An application on an agent is made on the agent's page, which records and submits it at once: the
 * chart's first submission goes through that page (the door); every later step through the decision
 * endpoint on the agent, whose open application it reaches.
 */
async function applicationOnAnAgent(portal: PortalCalls, cast: Cast): Promise<StartedRecord> {
  const { token } = await applicantAccount(cast, WORKFLOW);
  const agentId = await aFreeAgent(portal, token);
  const { page, change } = exampleApplication();
  let applied = false;
  return {
    id: agentId,
    door: ({ command }) => {
      if (applied || command !== 'resubmit') return undefined;
      applied = true;
      return portal.post(page, { ObjectID: agentId, ...change }, token);
    },
  };
}

/**
 * A credit-limit request the sales operations desk makes on an agent's record page (授信额度 panel),
 * which records and submits it at once; a correction after finance returned it is sent from the same
 * panel's form with the limits and reason typed again. Finance's decisions and a withdrawal go through
 * the decision endpoint on the agent.
 */
async function creditLimitRequest(portal: PortalCalls, cast: Cast): Promise<StartedRecord> {
  const workflow = 'creditLimitChange';
  const { token } = await applicantAccount(cast, workflow);
  const agentId = await aFreeAgent(portal, token, workflow);
  let asked = false;
  const typed = () => ({ CreditLimit: '5000000.00', RequestReason: unique('Plan run: a larger order book') });
  const request = async () => {
    const sent = await portal.post('/customer/requestCreditLimit', { ObjectID: agentId, ...typed() }, token);
    if (sent.status !== 200) return sent;
    // The panel answers with the agent's limits; where the request stands is the workflow's view.
    return portal.post('/workflow/options', { workflow, ObjectID: agentId }, token);
  };
  return {
    id: agentId,
    door: ({ command }) => {
      if (command !== 'resubmit') return undefined;
      if (asked)
        return portal.post(
          '/workflow/decide',
          { workflow, ObjectID: agentId, command, payload: typed() },
          token,
        );
      asked = true;
      return request();
    },
  };
}

/** The agents area's applications and requests on an existing agent. */
export const agentChangeStarters: Record<string, Starter> = {
  customerChange: applicationOnAnAgent,
  creditLimitChange: creditLimitRequest,
};
