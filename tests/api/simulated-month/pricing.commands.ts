import { sql } from 'kysely';
import {
  CustomerIndustry,
  OpportunitySource,
  OpportunityStage,
  OpportunityStatus,
  ProductLineInfo,
  SpecialPriceStatus,
} from '../../../domain/codes/opportunities.codes';
import { Brand } from '../../../domain/codes/products.codes';
import { answer, type Command, expectationOf } from './command';
import { agentName, choose, fenOf, inState, yuan } from './records';
import type { Owner } from './world';

/** An agent registers an end customer's project: a draft, protected once submitted. */
const register: Command = {
  weight: 3,
  actors: ['rsp', 'rsp', 'ccp', 'city', 'newstaff'],
  async run(world, step) {
    // The agent of a registration is the caller's own company: an agent naming another is refused.
    const owner: Owner = step.as === 'ccp' ? 'ccp' : 'rsp';
    const named: Owner = step.n % 6 === 5 ? 'far' : owner;
    const serial = world.next();
    const response = await world.t.post(
      '/opportunity/create',
      {
        PageID: 'business.opportunityInfo',
        ExtOpportunitySource_SDK: OpportunitySource.agentRegistration,
        AgentName: agentName(world, named),
        Name: `模拟月项目 ${serial}`,
        ExtOppCustomerName_SDK: `模拟月医院 ${serial}`,
        ExtCustomerIndustry_SDK: CustomerIndustry.healthcare,
        ProvinceName: '江苏省',
        ProductLine: ProductLineInfo.rackServers,
        ExtOpportunityStage_SDK: OpportunityStage.lead,
        ExtBudgetAmount_SDK: '1200000.00',
        ExtEstimatedSalesAmountcontent_SDK: '980000.50',
        ExtEstimatedBidDate_SDK: '2027-01-20',
        ExtRequirementDesc_SDK: '机架式服务器',
      },
      await world.as(step.as),
    );
    if (response.status === 200) world.made.opportunities.push({ id: response.body.results.ObjectID, owner });
    return answer(response, expectationOf(step.as, named));
  },
};

const submit: Command = {
  weight: 3,
  actors: ['rsp', 'rsp', 'ccp', 'newstaff'],
  async run(world, step) {
    const opportunity = await choose(
      world.made.opportunities,
      step,
      inState(world, 'record', 'data.ExtOpportunityStatus_SDK', [OpportunityStatus.draft]),
    );
    if (!opportunity) return undefined;
    const response = await world.t.post(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: opportunity.id, command: 'submit', payload: {} },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, opportunity.owner));
  },
};

/** A special price asked on a project for ten units at 97 % (the province manager's) or 92 % (also the region's) of standard. */
const ask: Command = {
  weight: 3,
  actors: ['rsp', 'rsp', 'ccp', 'ops', 'newstaff'],
  async run(world, step) {
    const opportunity = await choose(
      world.made.opportunities,
      step,
      inState(world, 'record', 'data.ExtOpportunityStatus_SDK', [OpportunityStatus.protected]),
    );
    if (!opportunity) return undefined;
    const product = world.products[step.n % world.products.length];
    const percent = step.n % 3 === 2 ? 92 : 97;
    const response = await world.t.post(
      '/specialApproval/applyApproval',
      {
        OpportunityID: opportunity.id,
        Brand: Brand.ownBrand,
        ExtDueDate_SDK: '2026-12-20',
        ExtBidOpeningDate_SDK: '2030-01-10',
        ExtApplyReason_SDK: '模拟月：竞品报价低 8%',
        ExtChannelMargin_SDK: 'RSP 3 %',
        Lines: [
          {
            ProductCode: product.code,
            Quantity: 10,
            RequestedPrice: yuan(Math.floor((fenOf(product.price) * percent) / 100)),
          },
        ],
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      world.made.specialPrices.push({ id: response.body.results.ObjectID, owner: opportunity.owner });
    return answer(response, expectationOf(step.as, opportunity.owner));
  },
};

/** The price decided along its chain, then won by the agent. */
const DECISIONS = [
  { Command: 'agree', by: 'province' },
  { Command: 'agree', by: 'region' },
  { Command: 'win', by: 'rsp' },
  { Command: 'reject', by: 'province' },
] as const;

const decide: Command = {
  weight: 4,
  actors: ['province', 'region', 'rsp', 'ops', 'ccp', 'newstaff'],
  async run(world, step) {
    const price = await choose(
      world.made.specialPrices,
      step,
      inState(world, 'record', 'data.ExtSpecialPriceStatus_SDK', [
        SpecialPriceStatus.inApproval,
        SpecialPriceStatus.approved,
      ]),
    );
    if (!price) return undefined;
    const decision = DECISIONS[step.n % DECISIONS.length];
    const response = await world.t.post(
      '/specialApproval/processApproval',
      {
        ObjectID: price.id,
        Command: decision.Command,
        ...(decision.Command === 'reject' ? { Reason: '模拟月：价格过低', reason: '模拟月：价格过低' } : {}),
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, price.owner));
  },
};

/** An execution order drawn from a won price: a few units, now and then more than approved. */
const execute: Command = {
  weight: 3,
  actors: ['rsp', 'rsp', 'ccp', 'ops', 'newstaff'],
  async run(world, step) {
    const price = await choose(
      world.made.specialPrices,
      step,
      inState(world, 'record', 'data.ExtSpecialPriceStatus_SDK', [
        SpecialPriceStatus.won,
        SpecialPriceStatus.executing,
      ]),
    );
    if (!price) return undefined;
    const { rows } = await sql<{ code: string }>`select product_code as code from special_price_line
      where special_price_id = ${price.id} order by line_no limit 1`.execute(world.db);
    const response = await world.t.post(
      '/specialApproval/createExecutionOrder',
      {
        SpecialPriceID: price.id,
        Lines: [
          {
            ProductCode: rows[0]?.code ?? world.products[0].code,
            ExecuteQuantity: step.n % 7 === 6 ? 11 : 1 + (step.n % 4),
          },
        ],
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      world.made.executionOrders.push({ id: response.body.results.ObjectID, owner: price.owner });
    return answer(response, expectationOf(step.as, price.owner));
  },
};

export const pricingCommands: Record<string, Command> = {
  'opportunity.register': register,
  'opportunity.submit': submit,
  'specialPrice.ask': ask,
  'specialPrice.decide': decide,
  'executionOrder.create': execute,
};
