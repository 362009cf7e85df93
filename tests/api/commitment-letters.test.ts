import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Commitment letters (DOMAIN.md §3): requested on a protected opportunity, approved, co-signed when the
 * wording is not the standard one, pushed to OA, stamped with its scan and received; one active letter
 * per tender number and brand; immutable from the stamp on, revoked and issued anew. An agent sees the
 * letters of its own opportunities only.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let opportunityNo: string;
let opportunityId: string;

const post = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);
const tender = () => `ZB-TEST-${randomBytes(4).toString('hex')}`;

const request = (extra: Record<string, unknown> = {}, who = 'rsp') =>
  post(
    '/commitmentLetter/create',
    {
      PageID: 'business.commitmentLetterCreate',
      opportunityNo,
      type: '101',
      brand: '101',
      tenderNo: tender(),
      tenderUnit: '测试招标单位',
      estimatedBidOpeningDate: '2026-12-20',
      ...extra,
    },
    who,
  );

type Letter = { ObjectID: string; commitmentLetterNo: string; Version: number; status: string } & Record<
  string,
  unknown
>;

async function requested(extra: Record<string, unknown> = {}) {
  const { status, body } = await request(extra);
  expect(status, body.message).toBe(200);
  return body.results as Letter;
}

const decide = (id: string, command: string, who: string, payload: Record<string, unknown> = {}) =>
  post('/workflow/decide', { workflow: 'commitmentLetter', ObjectID: id, command, payload }, who);

const getOne = async (id: string, who = 'rsp') =>
  (await post('/commitmentLetter/getOne', { ObjectID: id }, who)).body.results[0] as Letter;

/** Uploads a PDF as the ops desk would, and answers the attachment a file field holds. */
async function uploadScan(name: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="ownerType"\r\n\r\n211\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="documentType"\r\n\r\n171\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(`%PDF-1.4\n% stamped letter ${randomBytes(4).toString('hex')}\n%%EOF\n`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': tokens.ops },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as Record<string, unknown>;
}

/** Takes a letter from the request to the stamp, co-signed when `nonStandard`. */
async function toStamp(letter: Letter, nonStandard = false) {
  expect((await decide(letter.ObjectID, 'agree', 'province')).status).toBe(200);
  if (nonStandard) {
    expect((await decide(letter.ObjectID, 'countersign', 'ops')).status).toBe(200);
    expect((await decide(letter.ObjectID, 'agree', 'legal')).status).toBe(200);
  } else expect((await decide(letter.ObjectID, 'agree', 'ops')).status).toBe(200);
  const oa = await decide(letter.ObjectID, 'agree', 'ops');
  expect(oa.body.results.State).toBe('toStamp');
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ccp', 'province', 'ops', 'legal', 'admin'])
    tokens[user] = await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
  const mine = await sql<{
    no: string;
    id: string;
    who: string;
  }>`select r.data->>'ExtOpportunityNOText_SDK' as no,
      r.object_id::text as id, e.username as who
    from record r join employee e on e.company_id = r.company_id and e.username in ('rsp', 'ccp')
    where r.resource = 'opportunity' and r.data->>'ExtOpportunityStatus_SDK' = '141'
    order by r.created_at`.execute(t.database.db);
  const rsp = mine.rows.find((r) => r.who === 'rsp')!;
  opportunityNo = rsp.no;
  opportunityId = rsp.id;
});
afterAll(() => t?.close());

describe('requesting a letter', () => {
  it('numbers it CN…, puts it before the province manager and scopes it like its opportunity', async () => {
    const letter = await requested();
    expect(letter.commitmentLetterNo).toMatch(/^CN\d{12}$/);
    expect(letter.status).toBe('111');
    expect(letter.opportunityNo).toBe(opportunityNo);
    expect(letter.processCreator).toBe('陈省代');
    const options = await post(
      '/workflow/options',
      { workflow: 'commitmentLetter', ObjectID: letter.ObjectID },
      'province',
    );
    expect(options.body.results.Commands.map((c: { Name: string }) => c.Name)).toContain('agree');
  });

  it('refuses a second active letter for the same tender number and brand (409), not another brand', async () => {
    const tenderNo = tender();
    const first = await requested({ tenderNo });
    const again = await request({ tenderNo });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(first.commitmentLetterNo);
    const partner = await request({ tenderNo, brand: '111' });
    expect(partner.status).toBe(200);
    // Withdrawn, the request frees its tender and brand.
    const back = await post('/product/rejectCustomerCommit', { ObjectID: first.ObjectID }, 'rsp');
    expect(back.body.results.State).toBe('withdrawn');
    expect((await request({ tenderNo })).status).toBe(200);
  });

  it('accepts several letter types on one tender and brand, and refuses the same type twice naming it', async () => {
    const tenderNo = tender();
    const authorisation = await requested({ tenderNo, type: '101' });
    const service = await request({ tenderNo, type: '111' });
    expect(service.status, service.body.message).toBe(200);
    const twice = await request({ tenderNo, type: '101' }, 'rsp');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(authorisation.commitmentLetterNo);
    expect(twice.body.message).toContain('项目授权函');
    // A returned letter changed to a type its tender already holds is refused the same way.
    const back = await decide(service.body.results.ObjectID, 'return', 'province', { reason: '请修改' });
    expect(back.status, back.body.message).toBe(200);
    const current = await getOne(service.body.results.ObjectID);
    const clash = await post(
      '/commitmentLetter/update',
      { ObjectID: current.ObjectID, Version: current.Version, type: '101' },
      'rsp',
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('项目授权函');
  });

  it('refuses a missing tender number, an unprotected opportunity and one outside the scope (400, naming the field)', async () => {
    const blank = await request({ tenderNo: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('招标编号');
    const draft = await sql<{ no: string }>`select r.data->>'ExtOpportunityNOText_SDK' as no from record r
      join employee e on e.company_id = r.company_id and e.username = 'rsp'
      where r.resource = 'opportunity' and r.data->>'ExtOpportunityStatus_SDK' = '101' limit 1`.execute(
      t.database.db,
    );
    const unprotected = await request({ opportunityNo: draft.rows[0].no });
    expect(unprotected.status).toBe(400);
    expect(unprotected.body.message).toContain('保护中');
    // The CCP does not see the opportunities of the RSP that supplies it.
    const foreign = await request({}, 'ccp');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('商机编号');
  });
});

describe('an agent sees the letters of its own opportunities only', () => {
  it('another agent gets 404 on the letter, its line letters and its decisions, and finds none in its list', async () => {
    const letter = await requested();
    expect((await post('/commitmentLetter/getOne', { ObjectID: letter.ObjectID }, 'ccp')).status).toBe(404);
    expect((await decide(letter.ObjectID, 'withdraw', 'ccp')).status).toBe(404);
    const line = await post('/commitmentLetter/getByOppProductLine', { opportunityId, pn: 'X' }, 'ccp');
    expect(line.status).toBe(404);
    const list = await post('/commitmentLetter/search', { currentPage: 1, pageSize: 100 }, 'ccp');
    expect(list.body.results.map((l: Letter) => l.opportunityNo)).not.toContain(opportunityNo);
    const own = await post(
      '/commitmentLetter/search',
      { commitmentLetterNo: letter.commitmentLetterNo },
      'rsp',
    );
    expect(own.body.results).toHaveLength(1);
  });
});

describe('from approval to the stamp', () => {
  it('each step is decided by its role only; non-standard wording must be co-signed; OA gives a link', async () => {
    const letter = await requested({ nonStandard: true, nonStandardClause: '质保八年' });
    expect((await decide(letter.ObjectID, 'agree', 'rsp')).status).toBe(403);
    expect((await decide(letter.ObjectID, 'agree', 'province')).body.results.State).toBe('complianceReview');
    const plain = await decide(letter.ObjectID, 'agree', 'ops');
    expect(plain.status).toBe(409);
    expect(plain.body.message).toContain('会签');
    expect((await decide(letter.ObjectID, 'countersign', 'ops')).body.results.State).toBe('countersign');
    expect((await decide(letter.ObjectID, 'agree', 'ops')).status).toBe(403);
    expect((await decide(letter.ObjectID, 'agree', 'legal')).body.results.State).toBe('oaPending');
    expect((await getOne(letter.ObjectID)).oaLink).toBe(
      `https://oa.portal.example/seal/${letter.commitmentLetterNo}`,
    );
    expect((await decide(letter.ObjectID, 'agree', 'ops')).body.results.State).toBe('toStamp');
  });

  it('a returned letter is corrected by its applicant and resubmitted; in approval it cannot change', async () => {
    const letter = await requested();
    const busy = await post(
      '/commitmentLetter/update',
      { ObjectID: letter.ObjectID, Version: letter.Version, tenderUnit: '改' },
      'rsp',
    );
    expect(busy.status).toBe(409);
    expect((await decide(letter.ObjectID, 'return', 'province', { reason: '' })).status).toBe(400);
    await decide(letter.ObjectID, 'return', 'province', { reason: '招标单位写错' });
    const returned = await getOne(letter.ObjectID);
    expect(returned.status).toBe('181');
    expect(returned.reason).toBe('招标单位写错');
    const stale = await post(
      '/commitmentLetter/update',
      { ObjectID: letter.ObjectID, Version: returned.Version - 1, tenderUnit: '新单位' },
      'rsp',
    );
    expect(stale.status).toBe(409);
    const forged = await post(
      '/commitmentLetter/update',
      {
        ObjectID: letter.ObjectID,
        Version: returned.Version,
        commitmentLetterUrl: [await uploadScan('forged.pdf')],
      },
      'rsp',
    );
    expect(forged.status).toBe(409);
    const fixed = await post(
      '/commitmentLetter/update',
      { ObjectID: letter.ObjectID, Version: returned.Version, tenderUnit: '新单位' },
      'rsp',
    );
    expect(fixed.status, fixed.body.message).toBe(200);
    expect((await decide(letter.ObjectID, 'resubmit', 'rsp')).body.results.State).toBe('businessApproval');
  });

  it('stamping needs the scan; the stamped letter is immutable, received, revoked and issued anew', async () => {
    const letter = await requested();
    await toStamp(letter);
    const bare = await decide(letter.ObjectID, 'stamp', 'ops');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('盖章扫描件');
    const current = await getOne(letter.ObjectID);
    const byAgent = await post(
      '/commitmentLetter/update',
      { ObjectID: letter.ObjectID, Version: current.Version, tenderUnit: '改' },
      'rsp',
    );
    expect(byAgent.status).toBe(409);
    await stampedAfter(letter);

    const done = await getOne(letter.ObjectID);
    expect(done.status).toBe('161');
    const edit = await post(
      '/commitmentLetter/update',
      { ObjectID: letter.ObjectID, Version: done.Version, tenderUnit: '改' },
      'ops',
    );
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('撤销');
    const line = await post('/commitmentLetter/getByOppProductLine', { opportunityId, pn: 'P1' }, 'rsp');
    const issued = line.body.results.find((l: Letter) => l.commitmentLetterNo === letter.commitmentLetterNo);
    expect(issued.issued).toBe(true);
    expect(issued.commitmentLetterUrl).toMatch(/^\/portal\/file\/download\//);
    // The scan is the letter's: its agent downloads it, though the seal keeper uploaded it.
    expect((await downloaded(issued.commitmentLetterUrl, 'rsp')).statusCode).toBe(200);
    expect((await downloaded(issued.commitmentLetterUrl, 'ccp')).statusCode).toBe(404);

    expect((await decide(letter.ObjectID, 'confirm', 'rsp')).body.results.State).toBe('done');
    expect((await post('/commitmentLetter/reissue', { ObjectID: letter.ObjectID }, 'rsp')).status).toBe(409);
    expect((await decide(letter.ObjectID, 'revoke', 'rsp', { reason: '换代理' })).status).toBe(403);
    expect(
      (await decide(letter.ObjectID, 'revoke', 'ops', { reason: '投标单位变更' })).body.results.State,
    ).toBe('revoked');
    const again = await post(
      '/commitmentLetter/reissue',
      { ObjectID: letter.ObjectID, tenderUnit: '变更后的招标单位' },
      'rsp',
    );
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.results.tenderNo).toBe(letter.tenderNo);
    expect(again.body.results.commitmentLetterNo).not.toBe(letter.commitmentLetterNo);
    expect(again.body.results.status).toBe('111');
  });
});

/** A file's bytes through its download link, as who asks; the link's own status when it is refused. */
async function downloaded(url: string, who: string) {
  const link = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'x-token': tokens[who], accept: 'application/json' },
  });
  if (link.statusCode !== 200) return link;
  return t.app.inject({ method: 'GET', url: link.json().results });
}

/** The scan uploaded by the seal keeper, then the stamp. */
async function stampedAfter(letter: Letter) {
  const scan = await uploadScan(`stamped-${letter.commitmentLetterNo}.pdf`);
  const current = await getOne(letter.ObjectID, 'ops');
  const saved = await post(
    '/commitmentLetter/update',
    { ObjectID: letter.ObjectID, Version: current.Version, commitmentLetterUrl: [scan] },
    'ops',
  );
  expect(saved.status, saved.body.message).toBe(200);
  expect((await decide(letter.ObjectID, 'stamp', 'ops')).body.results.State).toBe('stamped');
}

describe('the demo letters', () => {
  it('were entered through the service: one stamped with its scan, one in approval', async () => {
    const rows = await sql<{ status: string; scan: boolean }>`select status,
        case when jsonb_typeof(data->'commitmentLetterUrl') = 'array'
          then jsonb_array_length(data->'commitmentLetterUrl') > 0 else false end as scan
      from commitment_letter where created_at < now() - interval '1 hour'`.execute(t.database.db);
    expect(rows.rows.some((r) => r.status === '161' && r.scan)).toBe(true);
    expect(rows.rows.some((r) => ['111', '121', '131', '141'].includes(r.status))).toBe(true);
  });

  it('have stamped scans that download as the PDF the seal keeper uploaded, also to the agent', async () => {
    const stamped = await sql<{ id: string; no: string; file: string }>`select object_id::text as id,
        commitment_letter_no as no, data->'commitmentLetterUrl'->0->>'ObjectID' as file
      from commitment_letter where status in ('161', '171') and created_at < now() - interval '1 hour'
        and jsonb_typeof(data->'commitmentLetterUrl') = 'array'`.execute(t.database.db);
    expect(stamped.rows.length).toBeGreaterThan(0);
    for (const letter of stamped.rows) {
      // Sales operations reads every letter; the scan downloads as a real PDF naming its letter.
      const bytes = await downloaded(`/portal/file/download/${letter.file}`, 'ops');
      expect(bytes.statusCode, letter.no).toBe(200);
      expect(bytes.headers['content-type']).toBe('application/pdf');
      const text = bytes.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).toContain(`Commitment letter ${letter.no}`);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    }
    // The demo RSP's own stamped letter: its staff download the scan too.
    const own = await sql<{ file: string }>`select l.data->'commitmentLetterUrl'->0->>'ObjectID' as file
      from commitment_letter l join employee e on e.company_id = l.company_id and e.username = 'rsp'
      where l.status in ('161', '171') and jsonb_typeof(l.data->'commitmentLetterUrl') = 'array'
      order by l.created_at limit 1`.execute(t.database.db);
    expect(own.rows.length).toBe(1);
    expect((await downloaded(`/portal/file/download/${own.rows[0].file}`, 'rsp')).statusCode).toBe(200);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
