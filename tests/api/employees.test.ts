import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesField } from './field-named';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let rspCompany: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  const rsp = await t.database.db
    .selectFrom('employee')
    .select('company_id')
    .where('username', '=', 'rsp')
    .executeTakeFirstOrThrow();
  rspCompany = rsp.company_id!;
});
afterAll(() => t.close());

const newcomer = (overrides: Record<string, unknown> = {}) => ({
  ExtUserName_SDK: 'liu.xin',
  LastName: '刘新',
  ExtRoleCode_SDK: 'JS013',
  Email: 'liu.xin@portal.example',
  Phone: '13812345678',
  Password: 'Start2026a',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const { body } = await t.post('/employee/create', newcomer(overrides), admin);
  expect(body.state, body.message).toBe(true);
  return body.results;
}

describe('/portal/employee/create', () => {
  it('creates an account that must change its initial password at first login', async () => {
    const created = await t.post('/employee/create', newcomer(), admin);
    expect(created.body).toMatchObject({
      state: true,
      message: '员工已创建，首次登录须修改密码',
      results: {
        ExtUserName_SDK: 'liu.xin',
        LastName: '刘新',
        ExtRoleCode_SDK: 'JS013',
        ExtRoleName_SDK: '商务',
        ExtH3cFlag_SDK: true,
        ExtIsFistTime_SDK: true,
        Enabled: true,
        Version: 1,
        History: [],
      },
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|scrypt/i);

    const login = await t.post('/user/login', { username: 'LIU.XIN', password: 'Start2026a' });
    expect(login.body.results.employee.ExtIsFistTime_SDK).toBe(true);
    const token = login.body.results.token;
    const changed = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Start2026a', newPassword: 'Mine2026b' },
      token,
    );
    expect(changed.body.state).toBe(true);
    const info = await t.post('/user/getInfo', {}, token);
    expect(info.body.results.ExtIsFistTime_SDK).toBe(false);
  });

  it('takes a given EmployeeID and gives agent staff their company and its province', async () => {
    const id = '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b';
    const agent = await create({
      EmployeeID: id,
      ExtUserName_SDK: 'rsp.clerk',
      ExtRoleCode_SDK: 'JS002',
      ExtCompanyID_SDK: rspCompany,
    });
    expect(agent).toMatchObject({ EmployeeID: id, ExtH3cFlag_SDK: false, ExtCompanyID_SDK: rspCompany });
    expect(agent.ProvinceCode).toMatch(/^\d{6}$/);
    const again = await t.post(
      '/employee/create',
      newcomer({ EmployeeID: id, ExtUserName_SDK: 'x.y.z' }),
      admin,
    );
    expect(again.status).toBe(409);
  });

  it('refuses a taken username, whatever its case, with a message naming it', async () => {
    const taken = await t.post('/employee/create', newcomer({ ExtUserName_SDK: 'Admin' }), admin);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ state: false, message: '用户名 Admin 已被使用，请换一个' });
  });

  it('names the field of every invalid input and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Password: 'short1' }, 'Password'],
      [{ Email: 'not-an-email' }, 'Email'],
      [{ Phone: '12345' }, 'Phone'],
      [{ ExtUserName_SDK: 'a b' }, 'ExtUserName_SDK'],
      [{ LastName: '' }, 'LastName'],
      [{ ProvinceCode: '999999' }, 'ProvinceCode'],
      [{ ProvinceCode: '320000', CityCode: '330100' }, 'CityCode'],
      [{ ExtRoleName_SDK: '商务' }, 'ExtRoleName_SDK'],
      [{ ExtRoleCode_SDK: 'JS002' }, 'ExtCompanyID_SDK'],
      [{ ExtRoleCode_SDK: 'JS011' }, 'ProvinceCode'],
    ];
    for (const [overrides, field] of cases) {
      const { status, body } = await t.post(
        '/employee/create',
        newcomer({ ExtUserName_SDK: 'bad.one', ...overrides }),
        admin,
      );
      expect(status, field).toBe(400);
      expect(namesField(body.message, field, 'employee'), `${field}: ${body.message}`).toBe(true);
    }
    const unknownRole = await t.post(
      '/employee/create',
      newcomer({ ExtUserName_SDK: 'bad.one', ExtRoleCode_SDK: 'JS999' }),
      admin,
    );
    expect(unknownRole.body.message).toBe('角色：角色 JS999 不存在');
    const search = await t.post('/employee/search', { keyword: 'bad.one' }, admin);
    expect(search.body.totalSize).toBe(0);
  });
});

describe('/portal/employee/confirmUpdate and cancelUpdate', () => {
  it('applies only the fields sent and records the change', async () => {
    const e = await create({ ExtUserName_SDK: 'edit.me' });
    const saved = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: e.Version, LastName: '刘改', Email: e.Email },
      admin,
    );
    expect(saved.body).toMatchObject({
      state: true,
      message: '修改已确认',
      results: { LastName: '刘改', Email: 'liu.xin@portal.example', Phone: '13812345678', Version: 2 },
    });
    expect(saved.body.results.History).toMatchObject([
      {
        Kind: 'confirm',
        Before: { LastName: '刘新' },
        After: { LastName: '刘改' },
        VersionBefore: 1,
        VersionAfter: 2,
        ChangedByName: '系统管理员',
      },
    ]);
    const one = await t.post('/employee/getOne', { ObjectID: e.ObjectID }, admin);
    expect(one.body.results).toMatchObject({ LastName: '刘改', Version: 2 });
    expect(one.body.results.History).toHaveLength(1);
  });

  it('refuses a stale version or ModifiedOn with a clear message and writes nothing', async () => {
    const e = await create({ ExtUserName_SDK: 'stale.me' });
    await t.post('/employee/confirmUpdate', { ObjectID: e.ObjectID, Version: 1, LastName: '甲' }, admin);
    const stale = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: 1, LastName: '乙' },
      admin,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('该员工已被他人修改，请刷新后重试');
    const staleByTime = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, ModifiedOn: e.ModifiedOn, LastName: '乙' },
      admin,
    );
    expect(staleByTime.status).toBe(409);
    const missing = await t.post('/employee/confirmUpdate', { ObjectID: e.ObjectID, LastName: '乙' }, admin);
    expect(missing.status).toBe(400);
    const one = await t.post('/employee/getOne', { ObjectID: e.ObjectID }, admin);
    expect(one.body.results).toMatchObject({ LastName: '甲', Version: 2 });
    const byTime = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, ModifiedOn: one.body.results.ModifiedOn, LastName: '丙' },
      admin,
    );
    expect(byTime.body.results.LastName).toBe('丙');
  });

  it("ends the employee's sessions when the role changes or the account is disabled", async () => {
    const e = await create({ ExtUserName_SDK: 'role.change' });
    const token = await t.login('role.change', 'Start2026a');
    expect((await t.post('/user/getInfo', {}, token)).body.state).toBe(true);
    await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: 1, Phone: '02588886666' },
      admin,
    );
    expect((await t.post('/user/getInfo', {}, token)).body.state).toBe(true);
    const moved = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: 2, ExtRoleCode_SDK: 'JS014' },
      admin,
    );
    expect(moved.body.results.ExtRoleName_SDK).toBe('财务');
    expect((await t.post('/user/getInfo', {}, token)).body).toMatchObject({ code: '401', state: false });

    const second = await t.login('role.change', 'Start2026a');
    await t.post('/employee/confirmUpdate', { ObjectID: e.ObjectID, Version: 3, Enabled: false }, admin);
    expect((await t.post('/user/getInfo', {}, second)).body.code).toBe('401');
    expect((await t.post('/user/login', { username: 'role.change', password: 'Start2026a' })).status).toBe(
      403,
    );
  });

  it('undoes the last confirmed change once, as its own history entry', async () => {
    const e = await create({ ExtUserName_SDK: 'undo.me' });
    const nothing = await t.post('/employee/cancelUpdate', { ObjectID: e.ObjectID, Version: 1 }, admin);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('没有可撤销的修改');

    await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: 1, ExtRoleCode_SDK: 'JS016', LastName: '错配' },
      admin,
    );
    const token = await t.login('undo.me', 'Start2026a');
    const stale = await t.post('/employee/cancelUpdate', { ObjectID: e.ObjectID, Version: 1 }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('该员工已被他人修改，请刷新后重试');

    const undone = await t.post('/employee/cancelUpdate', { ObjectID: e.ObjectID, version: 2 }, admin);
    expect(undone.body).toMatchObject({
      state: true,
      message: '已撤销上一次修改',
      results: { ExtRoleCode_SDK: 'JS013', LastName: '刘新', Version: 3 },
    });
    expect(undone.body.results.History[0]).toMatchObject({
      Kind: 'cancel',
      Before: { ExtRoleCode_SDK: 'JS016', LastName: '错配' },
      After: { ExtRoleCode_SDK: 'JS013', LastName: '刘新' },
      RevertsID: undone.body.results.History[1].ObjectID,
    });
    // Undoing a role change is a role change too: the session opened under the wrong role ends.
    expect((await t.post('/user/getInfo', {}, token)).body.code).toBe('401');
    const twice = await t.post('/employee/cancelUpdate', { ObjectID: e.ObjectID, Version: 3 }, admin);
    expect(twice.body.message).toBe('没有可撤销的修改');
  });

  it('answers an unchanged save without a new version and keeps an administrator', async () => {
    const e = await create({ ExtUserName_SDK: 'same.me' });
    const same = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: e.ObjectID, Version: 1, LastName: '刘新' },
      admin,
    );
    expect(same.body).toMatchObject({ state: true, message: '没有需要保存的修改', results: { Version: 1 } });

    const me = await t.post('/user/getInfo', {}, admin);
    const self = await t.post('/employee/getOne', { ObjectID: me.body.results.ObjectID }, admin);
    const locked = await t.post(
      '/employee/confirmUpdate',
      { ObjectID: self.body.results.ObjectID, Version: self.body.results.Version, Enabled: false },
      admin,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('不能停用或更改最后一名在职系统管理员的角色');
  });
});

describe('who may administer employees', () => {
  it('refuses everyone without the roles-and-menus page, and keeps the picker open to them', async () => {
    const ops = await t.login('ops', 'Demo@123456');
    const rsp = await t.login('rsp', 'Demo@123456');
    for (const token of [ops, rsp]) {
      for (const path of [
        '/employee/create',
        '/employee/getOne',
        '/employee/confirmUpdate',
        '/employee/cancelUpdate',
      ]) {
        const { status, body } = await t.post(path, { ObjectID: rspCompany, Version: 1 }, token);
        expect(status, path).toBe(403);
        expect(body.message).toBe('没有访问该功能的权限');
      }
    }
    const picker = await t.post('/employee/search', { keyword: '钱' }, ops);
    expect(picker.body.results[0]).toMatchObject({ LastName: '钱商务', ExtUserName_SDK: 'ops' });
  });

  it('answers in English when asked', async () => {
    const taken = await t.post('/employee/create', newcomer({ ExtUserName_SDK: 'admin' }), admin, {
      'accept-language': 'en',
    });
    expect(taken.body.message).toBe('The username admin is already taken; choose another');
  });
});

describe('/portal/employee/resetPassword', () => {
  it('lets an ops account reset agent staff: a first-login password, and their sessions end', async () => {
    // A city agent's role holds no page the sales operations desk lacks, so ops may reset its staff.
    const ccp = await t.database.db
      .selectFrom('employee')
      .select('company_id')
      .where('username', '=', 'ccp')
      .executeTakeFirstOrThrow();
    const clerk = await create({
      ExtUserName_SDK: 'reset.clerk',
      ExtRoleCode_SDK: 'JS003',
      ExtCompanyID_SDK: ccp.company_id,
    });
    const own = await t.post('/user/login', { username: 'reset.clerk', password: 'Start2026a' });
    const old = own.body.results.token;
    const ops = await t.login('ops', 'Demo@123456');
    const weak = await t.post(
      '/employee/resetPassword',
      { ObjectID: clerk.ObjectID, Version: clerk.Version, Password: 'short' },
      ops,
    );
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^密码/);
    const stale = await t.post(
      '/employee/resetPassword',
      { ObjectID: clerk.ObjectID, Version: clerk.Version + 5, Password: 'Temp2026x' },
      ops,
    );
    expect(stale.status).toBe(409);
    const reset = await t.post(
      '/employee/resetPassword',
      { ObjectID: clerk.ObjectID, Version: clerk.Version, Password: 'Temp2026x' },
      ops,
    );
    expect(reset.body).toMatchObject({
      state: true,
      message: '密码已重置，该员工下次登录须修改密码',
      results: { ObjectID: clerk.ObjectID, Version: clerk.Version + 1, ExtIsFistTime_SDK: true },
    });
    expect((await t.post('/user/getInfo', {}, old)).body.code).toBe('401');
    const login = await t.post('/user/login', { username: 'reset.clerk', password: 'Temp2026x' });
    expect(login.body.results.employee.ExtIsFistTime_SDK).toBe(true);
    const history = await t.post('/employee/getOne', { ObjectID: clerk.ObjectID }, admin);
    expect(history.body.results.History[0]).toMatchObject({ Kind: 'reset', ChangedByName: '钱商务' });
    expect(JSON.stringify(history.body)).not.toMatch(/Temp2026x|scrypt/);
  });

  it("keeps administrators' passwords to account administrators and refuses one's own", async () => {
    const ops = await t.login('ops', 'Demo@123456');
    const rsp = await t.login('rsp', 'Demo@123456');
    const ids = await t.database.db
      .selectFrom('employee')
      .select(['object_id', 'username', 'version'])
      .execute();
    const byName = (name: string) => ids.find((e) => e.username === name)!;
    const adminRow = byName('admin');
    const body = (e: { object_id: string; version: number }) => ({
      ObjectID: e.object_id,
      Version: e.version,
      Password: 'Temp2026x',
    });
    const onAdmin = await t.post('/employee/resetPassword', body(adminRow), ops);
    expect([onAdmin.status, onAdmin.body.message]).toEqual([403, '只有账号管理员可以重置系统管理员的密码']);
    const ownOps = await t.post('/employee/resetPassword', body(byName('ops')), ops);
    expect([ownOps.status, ownOps.body.message]).toEqual([403, '不能在这里重置自己的密码，请在个人中心修改']);
    const ownAdmin = await t.post('/employee/resetPassword', body(adminRow), admin);
    expect(ownAdmin.status).toBe(403);
    const byAgent = await t.post('/employee/resetPassword', body(byName('ccp')), rsp);
    expect([byAgent.status, byAgent.body.message]).toEqual([403, '没有访问该功能的权限']);
    // A city agent's role holds pages the product manager's does not: the reset would hand them out.
    const product = await t.login('product', 'Demo@123456');
    const byProduct = await t.post('/employee/resetPassword', body(byName('ccp')), product);
    expect([byProduct.status, byProduct.body.message]).toEqual([
      403,
      '只能重置角色权限不超出自己角色的账号的密码',
    ]);
  });
});

describe('/portal/employee/search as the administration list', () => {
  it('shows holders of the page every account with its state, filtered and sorted, and the picker stays as it was', async () => {
    const ops = await t.login('ops', 'Demo@123456');
    const city = await t.login('city', 'Demo@123456');
    const off = await create({ ExtUserName_SDK: 'gone.staff', LastName: '离职员工', Enabled: false });
    const query = {
      PageID: 'baseManage.resetPassword',
      ExtUserName_SDK: 'gone',
      currentPage: 1,
      pageSize: 10,
    };
    const list = await t.post('/employee/search', query, ops);
    expect(list.body).toMatchObject({ state: true, totalSize: 1 });
    expect(list.body.results[0]).toMatchObject({
      ObjectID: off.ObjectID,
      Enabled: false,
      Email: 'liu.xin@portal.example',
      Version: 1,
      ExtIsFistTime_SDK: true,
    });
    const picker = await t.post('/employee/search', { ...query, PageID: undefined }, ops);
    expect(picker.body.totalSize).toBe(0);
    const notHolder = await t.post('/employee/search', { ...query, ExtUserName_SDK: 'city' }, city);
    expect(notHolder.body.results[0]).not.toHaveProperty('Email');
    const byRole = await t.post(
      '/employee/search',
      {
        PageID: 'baseManage.resetPassword',
        ExtRoleName_SDK: '商务',
        ExtH3cFlag_SDK: 'true',
        sort: '-LastName',
      },
      ops,
    );
    const names = byRole.body.results.map((r: { LastName: string }) => r.LastName);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort().reverse());
    const badSort = await t.post('/employee/search', { sort: 'password_hash' }, ops);
    expect(badSort.status).toBe(400);
  });
});
