import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAddress, WireClient } from '../../bench/wire-client';
import { startTestApp, type TestApp } from './harness';

/**
 * The bench's client times the order list through the portal's real port: what it reads must be the
 * answer the portal sent, whole, whatever its size and status, request after request on one connection.
 */
let t: TestApp;
let client: WireClient;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin', 'Admin@123456');
  client = new WireClient(await loopbackAddress(t.app));
});
afterAll(async () => {
  client.close();
  await t.close();
});

const search = (body: Record<string, unknown>, headers: Record<string, string> = { 'x-token': token }) =>
  WireClient.request(
    '/portal/order/search',
    { ...headers, 'content-type': 'application/json' },
    JSON.stringify({ PageID: 'ordersSetup.ownLineOrders', ...body }),
  );

describe("the bench's wire client", () => {
  it('reads the answers the portal sends, small and large, on one connection', async () => {
    for (const pageSize of [1, 100, 1, 100]) {
      const body = { PageID: 'ordersSetup.ownLineOrders', pageSize };
      const onTheWire = await client.send(search(body));
      const injected = await t.post('/order/search', body, token);
      expect(onTheWire.status).toBe(200);
      expect(JSON.parse(onTheWire.body.toString())).toEqual(injected.body);
    }
    // The 100-row page is larger than one read of the socket: it arrived in pieces, and whole.
    const large = await client.send(search({ pageSize: 100 }));
    expect(large.body.length).toBeGreaterThan(64 * 1024);
  });

  it("gives a refusal's status and body", async () => {
    const refused = await client.send(search({ pageSize: 1 }, {}));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString()).state).toBe(false);
    // The connection goes on serving.
    expect((await client.send(search({ pageSize: 1 }))).status).toBe(200);
  });

  it('refuses a second request while one is waiting', async () => {
    const first = client.send(search({ pageSize: 10 }));
    await expect(client.send(search({ pageSize: 10 }))).rejects.toThrow('one request at a time');
    expect((await first).status).toBe(200);
  });
});
