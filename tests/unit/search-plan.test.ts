import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../server/http/auth';
import { resourceDef } from '../../server/resources/registry';
import { searchStatements } from '../../server/resources/search';

// Compiles the statements without a database: the search keeps the pieces a resource's filters, sorts
// and page lenses name, and each request must still get its own values.
const compiler = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const admin: Caller = {
  employeeId: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  lastName: 'Admin',
  roleCode: 'admin',
  dataScope: 'all',
  provinceCode: null,
  cityCode: null,
  companyId: null,
  tokenHash: 'hash',
  mustChangePassword: false,
};

const order = resourceDef('order')!;
const compiled = (body: Record<string, unknown>) =>
  searchStatements(order, admin, body).page.compile(compiler as never);

describe('a search built from kept pieces', () => {
  it('carries each request its own filter values', () => {
    const first = compiled({ PageID: 'ordersSetup.ownLineOrders', OrderNo: 'DD2025031415' });
    const second = compiled({ PageID: 'ordersSetup.ownLineOrders', OrderNo: 'dd20260101' });
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toContain('DD2025031415%');
    expect(second.parameters).toContain('DD20260101%');
    expect(second.parameters).not.toContain('DD2025031415%');
  });

  it('sorts each request by the sort it names', () => {
    const newest = compiled({ PageID: 'ordersSetup.ownLineOrders', sort: '-CreationOn' });
    const oldest = compiled({ PageID: 'ordersSetup.ownLineOrders', sort: 'CreationOn' });
    const again = compiled({ PageID: 'ordersSetup.ownLineOrders', sort: '-CreationOn' });
    expect(newest.sql).toMatch(/order by t\."created_at" desc, t\.object_id desc/);
    expect(oldest.sql).toMatch(/order by t\."created_at" asc, t\.object_id asc/);
    expect(again.sql).toBe(newest.sql);
  });

  it("applies a page's lens only on that page", () => {
    const ownLine = compiled({ PageID: 'ordersSetup.ownLineOrders' });
    const none = compiled({});
    expect(ownLine.sql).toMatch(/t\."order_channel" in \(\$1\)/);
    expect(none.sql).not.toMatch(/t\."order_channel" in/);
  });

  it('refuses an unknown filter or sort every time it is sent', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => compiled({ Nonsense: 'x' })).toThrow('server.unknownFilter');
      expect(() => compiled({ sort: 'Nonsense' })).toThrow('server.unknownSort');
    }
  });
});
