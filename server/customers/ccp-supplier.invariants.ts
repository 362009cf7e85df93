import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import type { Invariant } from '../books/invariant';
import { countsOnSupplier, isRspOf, KEPT_SUPPLIER_STATUSES } from './ccp-supplier';

/** A CCP's supplier (docs/customer-workflows.md "A CCP's supplier", docs/books.md). */
export const ccpSupplierInvariants = {
  // A CCP names an active RSP of its province when it is saved; the RSP then neither leaves the
  // province nor stops being an RSP while the CCP counts on it, and only the vendor's suspension or
  // blacklisting changes its status. So the supplier of every CCP but a terminated one is an RSP of
  // the CCP's province, cooperating or under one of those measures.
  supplierIsRspOfProvince: {
    page: 'customers.ccpDetail',
    query: sql`select c.object_id, c.name as label, coalesce(cp.name_zh, '—') as province,
        coalesce(s.name, c.data->>'ExtSupplierName_SDK', '—') as supplier,
        coalesce(sp.name_zh, '—') as "supplierProvince"
      from customer c
        left join customer s on s.object_id = c.parent_id
        left join region cp on cp.code = c.province_code
        left join region sp on sp.code = s.province_code
      where c.customer_type = ${CustomerType.ccp} and c.parent_id is not null and ${countsOnSupplier('c')}
        and (s.object_id is null or not ${isRspOf('s', sql.ref('c.province_code'), KEPT_SUPPLIER_STATUSES)})`,
  },
  // A CCP's form and list show its supplier by the name kept beside the link, which follows a rename.
  supplierNameIsSupplier: {
    page: 'customers.ccpDetail',
    query: sql`select c.object_id, c.name as label, coalesce(c.data->>'ExtSupplierName_SDK', '—') as kept,
        s.name as supplier
      from customer c join customer s on s.object_id = c.parent_id
      where c.customer_type = ${CustomerType.ccp} and c.data->>'ExtSupplierName_SDK' is distinct from s.name`,
  },
} satisfies Record<string, Invariant>;
