import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * Every action of the opportunity, special-price and commitment-letter pages answers in words a person
 * acts on, in Chinese and in English: a refusal names the field by its label or says the reason (the
 * state it is in, whose step it is), a success says what happened — never a bare "submitted" or
 * "failed", never a key, a wire name or English in the Chinese sentence. Each refusal path reachable
 * from the pages is driven here: the wrong state, the wrong role, a field missing or wrong.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let serial = 0;
/** Names in capitals and digits only, so a Chinese sentence that echoes one holds no English word. */
const unique = () => `${Date.now() % 1_000_000}${++serial}`;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'city', 'province', 'channel', 'ops', 'legal'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const own = await sql<{ name: string }>`select c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = own.rows[0].name;
}, 120_000);
afterAll(() => t.close());

type Answer = { status: number; body: { state: boolean; message: string; field?: string; results?: any } };
type Lang = 'zh' | 'en';
const post = (path: string, body: unknown, user: string, lang: Lang = 'zh'): Promise<Answer> =>
  t.post(path, body, tokens[user], lang === 'en' ? { 'accept-language': 'en' } : {});

/** Messages that say nothing of what happened. */
const GENERIC = new Set(['审批意见已提交', '已提交', '操作失败', '操作成功', 'Submitted', 'Failed', 'Done']);

/** A sentence a person reads: no key, no wire name, no raw code word; Chinese without English words. */
function readable(message: string, lang: Lang) {
  expect(message.trim().length, 'an empty message').toBeGreaterThan(0);
  expect(GENERIC.has(message.trim()), `generic: ${message}`).toBe(false);
  expect(message, 'a wire name').not.toMatch(/_SDK|\bExt[A-Z]|ObjectID|PageID/);
  expect(message, 'a message key').not.toMatch(/\b[a-z][A-Za-z]*\.[a-z][A-Za-z]*(\.[A-Za-z]+)*/);
  if (lang === 'zh') expect(message, 'English in Chinese').not.toMatch(/[a-z]{3,}/);
  else expect(message, 'Chinese in English').not.toMatch(/[\u4e00-\u9fff]/);
}

interface Refusal {
  /** What is driven, for the failure's report. */
  name: string;
  call: (lang: Lang) => Promise<Answer>;
  /** The field a refusal names, with the resource whose label it bears (payload fields have none). */
  field?: string;
  resource?: string;
  /** Words the reason must hold, per language. */
  says?: Record<Lang, string | RegExp>;
}

/** Drives a refusal in both languages: refused, nothing done, the field or the reason in words. */
async function refused(refusal: Refusal) {
  for (const lang of ['zh', 'en'] as const) {
    const answer = await refusal.call(lang);
    const context = `${refusal.name} (${lang}): ${answer.body.message}`;
    expect(answer.status, context).toBeGreaterThanOrEqual(400);
    expect(answer.status, context).toBeLessThan(500);
    expect(answer.body.state, context).toBe(false);
    readable(answer.body.message, lang);
    if (refusal.field) {
      expect(answer.body.field, context).toBe(refusal.field);
      // By a label it bears on screen: its form's, or the shared one of the request field.
      const labels = [labelFor(refusal.field, lang, refusal.resource), labelFor(refusal.field, lang)].filter(
        (label) => label !== refusal.field,
      );
      expect(labels.length, `${context}: no label`).toBeGreaterThan(0);
      expect(
        labels.some((label) => answer.body.message.includes(label)),
        context,
      ).toBe(true);
    }
    const says = refusal.says?.[lang];
    if (says) expect(answer.body.message, context).toMatch(says);
  }
}

/** A success says what happened, in the caller's language. */
function done(answer: Answer, lang: Lang, says?: string | RegExp) {
  expect(answer.status, answer.body.message).toBe(200);
  readable(answer.body.message, lang);
  if (says) expect(answer.body.message).toMatch(says);
}

/** The registration form as the RSP fills it in, for its own company, an end customer of its own. */
const form = (extra: Record<string, unknown> = {}) =>
  registrationBody({
    AgentName: rspName,
    Name: `WALK PROJECT ${unique()}`,
    ExtOppCustomerName_SDK: `WALK HOSPITAL ${unique()}`,
    ExtRequirementDesc_SDK: 'SERVERS',
    ...extra,
  });

const decide = (
  workflow: string,
  id: string,
  command: string,
  user: string,
  lang: Lang = 'zh',
  payload: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => post('/workflow/decide', { workflow, ObjectID: id, command, payload, ...extra }, user, lang);

async function registered(user = 'rsp', extra: Record<string, unknown> = {}) {
  const created = await post('/opportunity/create', form(extra), user);
  expect(created.status, created.body.message).toBe(200);
  const record = created.body.results;
  const submitted = await decide('opportunityRegistration', record.ObjectID, 'submit', user);
  expect(submitted.status, submitted.body.message).toBe(200);
  return { ...record, State: submitted.body.results.State as string, submitted };
}

describe('the opportunity pages', () => {
  it('say what a registration’s commands did, and why one is refused', async () => {
    const draft = await post('/opportunity/create', form(), 'rsp', 'en');
    done(draft, 'en');
    const submitted = await decide('opportunityRegistration', draft.body.results.ObjectID, 'submit', 'rsp');
    done(submitted, 'zh', /保护中/);
    const deal = await registered();
    expect(deal.State).toBe('protected');
    const progress = await decide('opportunityRegistration', deal.ObjectID, 'recordProgress', 'rsp', 'en', {
      reason: 'MET THE BUYER',
    });
    done(progress, 'en', /Protected|protected/);

    // The same customer and line, registered by the city manager for the RSP: a conflict.
    const conflict = await registered('city', { ExtOppCustomerName_SDK: deal.ExtOppCustomerName_SDK });
    expect(conflict.State).toBe('conflict');
    const draftOnly = (await post('/opportunity/create', form(), 'rsp')).body.results;

    const refusals: Refusal[] = [
      {
        name: 'a registration without its name',
        call: (lang) => post('/opportunity/create', form({ Name: '' }), 'rsp', lang),
        field: 'Name',
        resource: 'opportunity',
      },
      {
        name: 'a product line not in the dictionary',
        call: (lang) => post('/opportunity/create', form({ ProductLine: '999' }), 'rsp', lang),
        field: 'ProductLine',
        resource: 'opportunity',
      },
      {
        name: 'submitting a protected registration again',
        call: (lang) => decide('opportunityRegistration', deal.ObjectID, 'submit', 'rsp', lang),
        says: { zh: '保护中', en: /protected/i },
      },
      {
        name: 'the agent arbitrating its own conflict',
        call: (lang) => decide('opportunityRegistration', conflict.ObjectID, 'award', 'rsp', lang),
        says: { zh: '省区经理', en: /province manager/i },
      },
      {
        name: 'keeping the first without a reason',
        call: (lang) =>
          decide('opportunityRegistration', conflict.ObjectID, 'keepFirst', 'province', lang, {
            reason: ' ',
          }),
        field: 'reason',
      },
      {
        name: 'progress without words',
        call: (lang) => decide('opportunityRegistration', deal.ObjectID, 'recordProgress', 'rsp', lang),
        field: 'reason',
      },
      {
        name: 'the agent extending its own protection',
        call: (lang) =>
          decide('opportunityRegistration', deal.ObjectID, 'extend', 'rsp', lang, { reason: 'MORE TIME' }),
        says: { zh: '渠道经理或省区经理', en: /channel or province manager/i },
      },
      {
        name: 'winning without the amount won',
        call: (lang) => decide('opportunityRegistration', deal.ObjectID, 'win', 'rsp', lang),
        field: 'amount',
      },
      {
        name: 'closing for a reason not in the dictionary',
        call: (lang) =>
          decide('opportunityRegistration', deal.ObjectID, 'close', 'rsp', lang, {
            reason: 'LOST',
            lossReason: '999',
          }),
        field: 'lossReason',
      },
      {
        name: 'a command the registration does not have',
        call: (lang) => decide('opportunityRegistration', deal.ObjectID, 'fly', 'rsp', lang),
        field: 'command',
      },
      {
        name: 'a decision on a stale page',
        call: (lang) =>
          decide(
            'opportunityRegistration',
            deal.ObjectID,
            'recordProgress',
            'rsp',
            lang,
            { reason: 'AGAIN' },
            { WorkflowVersion: 1 },
          ),
        says: { zh: '刷新', en: /refresh|reload/i },
      },
      {
        name: 'changing the protected end customer',
        call: async (lang) =>
          post(
            '/opportunity/update',
            {
              PageID: 'business.opportunityInfo',
              ObjectID: deal.ObjectID,
              Version: (await post('/opportunity/getOne', { ObjectID: deal.ObjectID }, 'rsp')).body.results[0]
                .Version,
              ExtOppCustomerName_SDK: `WALK OTHER ${unique()}`,
            },
            'rsp',
            lang,
          ),
        field: 'ExtOppCustomerName_SDK',
        resource: 'opportunity',
      },
      {
        name: 'an agent changing the owner',
        call: (lang) =>
          post(
            '/opportunity/changeOwner',
            { ObjectID: deal.ObjectID, Version: deal.Version, AgentID: deal.ObjectID, ChangeReason: '111' },
            'rsp',
            lang,
          ),
        says: { zh: '渠道经理', en: /channel manager/i },
      },
      {
        name: 'changing the owner of a draft',
        call: (lang) =>
          post(
            '/opportunity/changeOwner',
            {
              ObjectID: draftOnly.ObjectID,
              Version: draftOnly.Version,
              AgentID: draftOnly.ObjectID,
              ChangeReason: '111',
            },
            'province',
            lang,
          ),
        says: { zh: '保护', en: /protect/i },
      },
      {
        name: 'changing the owner without a reason',
        call: (lang) =>
          post(
            '/opportunity/changeOwner',
            { ObjectID: deal.ObjectID, Version: deal.Version, AgentID: deal.ObjectID },
            'province',
            lang,
          ),
        field: 'ChangeReason',
        resource: 'opportunityOwnerChange',
      },
      {
        name: 'a product without its part number',
        call: (lang) =>
          post('/opportunityItem/create', { OpportunityID: deal.ObjectID, Quantity: 2 }, 'rsp', lang),
        field: 'pn',
        resource: 'opportunityItem',
      },
      {
        name: 'a product of the province manager’s on the agent’s deal',
        call: (lang) =>
          post(
            '/opportunityItem/create',
            { OpportunityID: deal.ObjectID, pn: 'NONE', Quantity: 2 },
            'province',
            lang,
          ),
      },
    ];
    for (const refusal of refusals) await refused(refusal);
  });
});

/** A rack-server product the sales product configuration leaves open to special prices. */
async function openProduct() {
  const closed = await sql<{ pn: string }>`select data->>'ProductCode' as pn from record
    where resource = 'salesProductConfig' and data->>'SpecialPriceAllowed' = 'false'`.execute(t.database.db);
  const shut = new Set(closed.rows.map((r) => r.pn));
  const prices = await post('/product/getStandardPrice', { keyword: '', pageSize: 50 }, 'rsp');
  return (prices.body.results as { pn: string; StandardPrice: string }[]).find((p) => !shut.has(p.pn))!;
}

describe('the special-price pages', () => {
  it('say what a request and its decisions did, and why one is refused', async () => {
    const deal = await registered();
    const draftOnly = (await post('/opportunity/create', form(), 'rsp')).body.results;
    const product = await openProduct();
    const at = (percent: number) =>
      ((Math.round(Number(product.StandardPrice) * 100) * percent) / 10_000).toFixed(2);
    const request = (extra: Record<string, unknown> = {}) => ({
      OpportunityID: deal.ObjectID,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'COMPETITOR QUOTED LOWER',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: 2, RequestedPrice: at(97) }],
      ...extra,
    });
    const applied = await post('/specialApproval/applyApproval', request(), 'rsp');
    done(applied, 'zh', /特价/);
    const price = applied.body.results;
    const decision = (Command: string, user: string, lang: Lang, extra: Record<string, unknown> = {}) =>
      post('/specialApproval/processApproval', { ObjectID: price.ObjectID, Command, ...extra }, user, lang);

    await refused({
      name: 'a city manager asking',
      call: (lang) => post('/specialApproval/applyApproval', request(), 'city', lang),
      says: { zh: '代理商', en: /agent/i },
    });
    await refused({
      name: 'a request on an unprotected opportunity',
      call: (lang) =>
        post('/specialApproval/applyApproval', request({ OpportunityID: draftOnly.ObjectID }), 'rsp', lang),
      says: { zh: '保护', en: /protect/i },
    });
    await refused({
      name: 'a request without its reason',
      call: (lang) =>
        post('/specialApproval/applyApproval', request({ ExtApplyReason_SDK: '' }), 'rsp', lang),
      field: 'ExtApplyReason_SDK',
      resource: 'specialApproval',
    });
    await refused({
      name: 'a request without lines',
      call: (lang) => post('/specialApproval/applyApproval', request({ Lines: [] }), 'rsp', lang),
    });
    await refused({
      name: 'a request at the standard price',
      call: (lang) =>
        post(
          '/specialApproval/applyApproval',
          request({ Lines: [{ ProductCode: product.pn, Quantity: 2, RequestedPrice: at(100) }] }),
          'rsp',
          lang,
        ),
      says: { zh: '标准渠道价', en: /standard channel price/i },
    });
    await refused({
      name: 'the agent approving its own request',
      call: (lang) => decision('agree', 'rsp', lang),
    });
    await refused({
      name: 'a return without a reason',
      call: (lang) => decision('return', 'province', lang),
      field: 'reason',
    });
    await refused({
      name: 'winning a request still in approval',
      call: (lang) => decision('win', 'rsp', lang),
      says: { zh: '审批中', en: /approval/i },
    });
    await refused({
      name: 'an execution order before the bid is won',
      call: (lang) =>
        post(
          '/specialApproval/createExecutionOrder',
          { ObjectID: price.ObjectID, Lines: [{ ProductCode: product.pn, ExecuteQuantity: 1 }] },
          'rsp',
          lang,
        ),
      says: { zh: price.ExtSpecialApprovalNo_SDK, en: price.ExtSpecialApprovalNo_SDK },
    });

    done(await decision('agree', 'province', 'en'), 'en', /approved|Approved/);
    done(await decision('win', 'rsp', 'zh'), 'zh', /中标/);
    const order = await post(
      '/specialApproval/createExecutionOrder',
      { ObjectID: price.ObjectID, Lines: [{ ProductCode: product.pn, ExecuteQuantity: 1 }] },
      'rsp',
      'en',
    );
    done(order, 'en', /execution order/i);
    await refused({
      name: 'drawing more than is left',
      call: (lang) =>
        post(
          '/specialApproval/createExecutionOrder',
          { ObjectID: price.ObjectID, Lines: [{ ProductCode: product.pn, ExecuteQuantity: 5 }] },
          'rsp',
          lang,
        ),
      says: { zh: product.pn, en: product.pn },
    });
  });
});

describe('the commitment-letter pages', () => {
  it('say what a letter’s commands did, and why one is refused', async () => {
    const deal = await registered();
    const draftOnly = (await post('/opportunity/create', form(), 'rsp')).body.results;
    const tenderNo = `ZB-WALK-${unique()}`;
    const letter = (extra: Record<string, unknown> = {}) => ({
      PageID: 'business.commitmentLetterCreate',
      opportunityNo: deal.ExtOpportunityNOText_SDK,
      type: '101',
      brand: '101',
      tenderNo,
      tenderUnit: 'WALK TENDER UNIT',
      estimatedBidOpeningDate: '2026-12-20',
      ...extra,
    });
    const asked = await post('/commitmentLetter/create', letter(), 'rsp', 'en');
    done(asked, 'en');
    const id = asked.body.results.ObjectID as string;

    await refused({
      name: 'a letter without its tender number',
      call: (lang) => post('/commitmentLetter/create', letter({ tenderNo: '' }), 'rsp', lang),
      field: 'tenderNo',
      resource: 'commitmentLetter',
    });
    await refused({
      name: 'a letter for an unprotected opportunity',
      call: (lang) =>
        post(
          '/commitmentLetter/create',
          letter({ opportunityNo: draftOnly.ExtOpportunityNOText_SDK, tenderNo: `ZB-WALK-${unique()}` }),
          'rsp',
          lang,
        ),
      field: 'opportunityNo',
      resource: 'commitmentLetter',
    });
    await refused({
      name: 'a second letter of the type for the tender',
      call: (lang) => post('/commitmentLetter/create', letter(), 'rsp', lang),
      says: { zh: asked.body.results.commitmentLetterNo, en: asked.body.results.commitmentLetterNo },
    });
    await refused({
      name: 'the agent approving its own letter',
      call: (lang) => decide('commitmentLetter', id, 'agree', 'rsp', lang),
    });
    await refused({
      name: 'a rejection without a reason',
      call: (lang) => decide('commitmentLetter', id, 'reject', 'province', lang),
      field: 'reason',
    });
    await refused({
      name: 'stamping a letter not approved',
      call: (lang) => decide('commitmentLetter', id, 'stamp', 'ops', lang),
    });
    await refused({
      name: 'reissuing a letter that is not revoked',
      call: (lang) => post('/commitmentLetter/reissue', { ObjectID: id }, 'rsp', lang),
    });
    await refused({
      name: 'the province manager taking back the agent’s request',
      call: (lang) => post('/product/rejectCustomerCommit', { ObjectID: id }, 'province', lang),
      says: { zh: '申请人', en: /applicant/i },
    });

    done(
      await decide('commitmentLetter', id, 'return', 'province', 'zh', { reason: '请补充招标文件' }),
      'zh',
      /退回/,
    );
    done(await post('/product/rejectCustomerCommit', { ObjectID: id }, 'rsp', 'en'), 'en', /withdrawn/i);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
