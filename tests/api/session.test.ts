import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /portal/user/login', () => {
  it('answers a token and the employee without any password field', async () => {
    const { status, body } = await t.post('/user/login', { username: 'admin', password: 'Admin@123456' });
    expect(status).toBe(200);
    expect(body.state).toBe(true);
    expect(body.results.token).toMatch(/^[\w-]{40,}$/);
    expect(body.results.employee).toMatchObject({
      LastName: '系统管理员',
      ExtRoleCode_SDK: 'JS001',
      ExtIsFistTime_SDK: false,
    });
    expect(JSON.stringify(body.results.employee).toLowerCase()).not.toContain('password');
  });

  it('accepts the username in any letter case', async () => {
    const { body } = await t.post('/user/login', { username: 'ADMIN', password: 'Admin@123456' });
    expect(body.state).toBe(true);
  });

  it('refuses a wrong password with a message and no token', async () => {
    const { status, body } = await t.post('/user/login', { username: 'ops', password: 'nope' });
    expect(status).toBe(401);
    expect(body).toEqual({ state: false, message: '用户名或密码错误' });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const { body } = await t.post('/user/login', { username: 'nobody-here', password: 'nope' });
    expect(body).toEqual({ state: false, message: '用户名或密码错误' });
  });

  it('speaks English when asked to', async () => {
    const { body } = await t.post('/user/login', { username: 'ops', password: 'nope' }, undefined, {
      'accept-language': 'en',
    });
    expect(body.message).toBe('Wrong username or password');
  });

  it('throttles an account after five failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) await t.post('/user/login', { username: 'legal', password: `wrong-${i}` });
    const { status, body } = await t.post('/user/login', { username: 'legal', password: 'Demo@123456' });
    expect(status).toBe(429);
    expect(body.state).toBe(false);
    expect(body.message).toMatch(/登录失败次数过多，请 1[45] 分钟后再试/);
    // Other accounts from the same address still log in.
    expect((await t.post('/user/login', { username: 'product', password: 'Demo@123456' })).body.state).toBe(
      true,
    );
  });
});

describe('bad input gets a 4xx envelope that names the problem', () => {
  it.each([
    [{}, '用户名必填'],
    [{ username: 'admin' }, '密码必填'],
    [{ username: 42, password: 'x' }, '用户名：类型不正确，应为文字'],
    [{ username: '', password: 'x' }, '用户名必填'],
    [{ username: 'admin', password: 'x'.repeat(500) }, '密码：不能超过 200 个字符'],
  ])('login body %j', async (payload, message) => {
    const { status, body } = await t.post('/user/login', payload);
    expect(status).toBe(400);
    expect(body.state).toBe(false);
    expect(body.message).toContain(message);
  });

  it('malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/portal/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      state: false,
      message: expect.stringContaining('请求内容格式不正确'),
    });
  });

  it('a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/portal/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ state: false, message: '请求内容过大' });
  });

  it('an unknown endpoint', async () => {
    const token = await t.login('admin', 'Admin@123456');
    const { status, body } = await t.post('/no/such', {}, token);
    expect(status).toBe(404);
    expect(body).toEqual({ state: false, message: '请求的接口不存在：/portal/no/such' });
  });
});

describe('the token', () => {
  it.each([
    ['missing', undefined, '未登录或登录已过期，请重新登录'],
    ['unknown', 'made-up-token', '用户信息已失效，请重新登录'],
    ['oversized', 'x'.repeat(5000), '用户信息已失效，请重新登录'],
  ])('%s → code 401', async (_name, token, message) => {
    const { status, body } = await t.post('/user/getInfo', {}, token);
    expect(status).toBe(401);
    expect(body).toEqual({ state: false, code: '401', message });
  });

  it('names the business clock every time is shown on, China’s unless configured', async () => {
    const token = await t.login('admin', 'Admin@123456');
    expect((await t.post('/user/getInfo', {}, token)).body.results.TimeZone).toBe('Asia/Shanghai');
  });

  it('a tampered token is refused', async () => {
    const token = await t.login('admin', 'Admin@123456');
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await t.post('/user/getInfo', {}, tampered)).body.code).toBe('401');
    expect((await t.post('/user/getInfo', {}, token)).body.state).toBe(true);
  });

  it('logout revokes it', async () => {
    const token = await t.login('ops', 'Demo@123456');
    expect((await t.post('/user/getInfo', {}, token)).body.results.LastName).toBe('钱商务');
    expect((await t.post('/user/logout', {}, token)).body.state).toBe(true);
    expect((await t.post('/user/getInfo', {}, token)).body).toMatchObject({ code: '401', state: false });
  });

  it('expires after five idle hours', async () => {
    const token = await t.login('vp', 'Demo@123456');
    await t.database.db
      .updateTable('session_token')
      .set({ last_seen_at: new Date(Date.now() - 18_000_001) })
      .where('revoked_at', 'is', null)
      .where('employee_id', '=', (await t.post('/user/getInfo', {}, token)).body.results.ObjectID)
      .execute();
    const { body } = await t.post('/user/getInfo', {}, token);
    expect(body).toEqual({ state: false, code: '401', message: '登录超时，请重新登录' });
  });

  it('stays valid for an active user just under the limit', async () => {
    const token = await t.login('city', 'Demo@123456');
    const id = (await t.post('/user/getInfo', {}, token)).body.results.ObjectID;
    await t.database.db
      .updateTable('session_token')
      .set({ last_seen_at: new Date(Date.now() - 17_900_000) })
      .where('employee_id', '=', id)
      .execute();
    expect((await t.post('/user/getInfo', {}, token)).body.state).toBe(true);
  });
});

describe('POST /portal/roleToMenu/searchOne', () => {
  it("answers the caller's role menus as { ID, Path }", async () => {
    const token = await t.login('rsp', 'Demo@123456');
    const { body } = await t.post('/roleToMenu/searchOne', { code: 'JS002' }, token);
    expect(body.state).toBe(true);
    expect(body.results.RoleCode).toBe('JS002');
    expect(Array.isArray(body.results.RoleToMenuMenuList)).toBe(true);
    for (const menu of body.results.RoleToMenuMenuList)
      expect(Object.keys(menu).sort()).toEqual(['ID', 'Path']);
  });

  it("refuses another role's menus to a non-administrator", async () => {
    const token = await t.login('rsp', 'Demo@123456');
    const { status, body } = await t.post('/roleToMenu/searchOne', { code: 'JS001' }, token);
    expect(status).toBe(403);
    expect(body).toEqual({ state: false, message: '没有访问该功能的权限' });
  });

  it('names an unknown role', async () => {
    const token = await t.login('admin', 'Admin@123456');
    const { status, body } = await t.post('/roleToMenu/searchOne', { code: 'JS999' }, token);
    expect(status).toBe(404);
    expect(body.message).toBe('角色 JS999 不存在');
  });
});

describe('POST /portal/commonSession/searchAll', () => {
  it('answers { keyword, content } in the caller language, enabled only', async () => {
    const token = await t.login('admin', 'Admin@123456');
    const zh = await t.post('/commonSession/searchAll', { code: 'ChannelType' }, token);
    expect(zh.body.results).toEqual([
      { keyword: 'RSP', content: '省级代理' },
      { keyword: 'CCP', content: '城市代理' },
    ]);
    await t.database.db
      .updateTable('dictionary_entry')
      .set({ enabled: false })
      .where('keyword', '=', 'CCP')
      .execute();
    const en = await t.post('/commonSession/searchAll', { code: 'ChannelType' }, token, {
      'accept-language': 'en-US',
    });
    expect(en.body.results).toEqual([{ keyword: 'RSP', content: 'RSP' }]);
  });

  it('needs a code', async () => {
    const token = await t.login('admin', 'Admin@123456');
    const { status, body } = await t.post('/commonSession/searchAll', {}, token);
    expect(status).toBe(400);
    expect(body.message).toBe('编码必填');
  });
});
