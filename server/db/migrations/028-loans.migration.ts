import { type Kysely, sql } from 'kysely';

/** The base columns of every record of the resource engine (migration 003): lists and scope work alike. */
const BASE = sql`object_id uuid primary key default gen_random_uuid(),
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    created_by_name text,
    updated_at timestamptz not null default now(),
    updated_by_name text,
    company_id uuid,
    province_code text,
    city_code text,
    data jsonb not null default '{}'::jsonb`;

/**
 * Record pages added with loans, granted to every role that holds the list they open from; the return
 * form is the warehouse's, never an agent's.
 */
const NEW_PAGES: [page: string, parent: string, vendorOnly: boolean][] = [
  ['ordersSetup.loanOrderEdit', 'ordersSetup.loanOrders', false],
  ['ordersSetup.loanReturnEdit', 'ordersSetup.loanReturnOrders', true],
  ['ordersSetup.loanApprovalConfig', 'ordersSetup.orderApprovalConfig', true],
  ['ordersSetup.loanApprovalConfigDetail', 'ordersSetup.orderApprovalConfig', true],
];

/**
 * The default loan approval bands (docs/loans.md) as a database seeded before gets them: up to 300,000
 * yuan the province manager (JS011); up to 1,000,000 also sales operations (JS013); above that also
 * the executive (JS017). Each is named by a fixed id, the one the reference step gives a new database.
 */
const LOAN_BANDS: [id: string, data: Record<string, unknown>][] = [
  ['loan-approval-band-1', { MinAmount: '0.00', MaxAmount: '300000.00', firstRole: 'JS011', Enabled: true }],
  [
    'loan-approval-band-2',
    {
      MinAmount: '300000.00',
      MaxAmount: '1000000.00',
      firstRole: 'JS011',
      secondRole: 'JS013',
      Enabled: true,
    },
  ],
  [
    'loan-approval-band-3',
    {
      MinAmount: '1000000.00',
      MaxAmount: null,
      firstRole: 'JS011',
      secondRole: 'JS013',
      thirdRole: 'JS017',
      Enabled: true,
    },
  ],
];

/**
 * Loans (DOMAIN.md Orders, notes §4.7): a loan (JH number) of one agent with its lent lines; returns,
 * one row per line taken back with its inspection result; conversions, one row per line sold through a
 * loan-to-sale order. The loan report and the write-off records are views over them, so what was
 * returned or converted is counted from the rows, never kept twice. The approval bands by loan value
 * are configuration rows of the shared record table.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table loan_order (${BASE},
    loan_no text not null,
    loan_type text not null,
    agent_id uuid not null,
    agent_name text not null,
    end_user_name text,
    opportunity_no text,
    loan_value numeric(18, 2) not null,
    lend_date date,
    expected_return_date date not null,
    extended_to date,
    loan_status text not null,
    loan_quantity integer not null default 0,
    returned_quantity integer not null default 0,
    converted_quantity integer not null default 0,
    compensated_quantity integer not null default 0,
    purpose text,
    city_manager_name text,
    constraint loan_order_value_sane check (loan_value >= 0)
  )`.execute(db);
  await sql`create unique index loan_order_no_uq on loan_order (loan_no)`.execute(db);
  await sql`create index loan_order_created_idx on loan_order (created_at desc, object_id desc)`.execute(db);
  await sql`create index loan_order_company_idx on loan_order (company_id)`.execute(db);
  await sql`create index loan_order_agent_status_idx on loan_order (agent_id, loan_status)`.execute(db);

  await sql`create table loan_line (
    object_id uuid primary key default gen_random_uuid(),
    loan_id uuid not null references loan_order (object_id) on delete cascade,
    line_no integer not null,
    product_code text not null,
    product_name text,
    quantity integer not null,
    list_price numeric(18, 2) not null,
    line_value numeric(18, 2) not null,
    constraint loan_line_quantity_positive check (quantity > 0)
  )`.execute(db);
  await sql`create unique index loan_line_no_uq on loan_line (loan_id, line_no)`.execute(db);

  await sql`create table loan_return (${BASE},
    return_no text not null,
    loan_id uuid not null references loan_order (object_id) on delete cascade,
    loan_no text not null,
    agent_name text not null,
    line_no integer not null,
    product_code text not null,
    return_quantity integer not null,
    inspection_result text not null,
    return_reason text,
    return_date date not null,
    return_status text not null,
    serial_numbers text,
    logistics_company text,
    tracking_no text,
    constraint loan_return_quantity_positive check (return_quantity > 0)
  )`.execute(db);
  await sql`create index loan_return_loan_idx on loan_return (loan_id, line_no)`.execute(db);
  await sql`create index loan_return_created_idx on loan_return (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index loan_return_company_idx on loan_return (company_id)`.execute(db);

  await sql`create table loan_conversion (${BASE},
    loan_id uuid not null references loan_order (object_id) on delete cascade,
    loan_no text not null,
    agent_name text not null,
    line_no integer not null,
    product_code text not null,
    quantity integer not null,
    unit_price numeric(18, 2) not null,
    amount numeric(18, 2) not null,
    order_id uuid not null,
    order_no text not null,
    converted_on date not null,
    constraint loan_conversion_quantity_positive check (quantity > 0)
  )`.execute(db);
  await sql`create index loan_conversion_loan_idx on loan_conversion (loan_id, line_no)`.execute(db);

  // The loan report: one row per lent line, what came back and what was sold counted from the rows,
  // and the days past the due date (or extension) while anything is still out.
  await sql`create view loan_report as
    select l.object_id, o.version, o.created_at, o.created_by_name, o.updated_at, o.updated_by_name,
      o.company_id, o.province_code, o.city_code, '{}'::jsonb as data,
      o.loan_no, o.agent_name, o.loan_type, o.loan_status, o.lend_date,
      (select r.name_zh from region r where r.code = o.province_code) as province_name,
      coalesce(l.product_name, l.product_code) as product_model, l.quantity as loan_quantity,
      coalesce(ret.good, 0)::int as returned_quantity, coalesce(ret.damaged, 0)::int as compensated_quantity,
      coalesce(conv.quantity, 0)::int as converted_quantity,
      (l.quantity - coalesce(ret.good, 0) - coalesce(ret.damaged, 0) - coalesce(conv.quantity, 0))::int
        as outstanding_quantity,
      l.line_value as loan_value,
      case when o.lend_date is not null
          and l.quantity - coalesce(ret.good, 0) - coalesce(ret.damaged, 0) - coalesce(conv.quantity, 0) > 0
          and coalesce(o.extended_to, o.expected_return_date) < (now() at time zone 'Asia/Shanghai')::date
        then ((now() at time zone 'Asia/Shanghai')::date - coalesce(o.extended_to, o.expected_return_date))
        else 0 end::int as overdue_days
    from loan_line l join loan_order o on o.object_id = l.loan_id
      left join lateral (select sum(r.return_quantity) filter (where r.inspection_result = '101') as good,
          sum(r.return_quantity) filter (where r.inspection_result <> '101') as damaged
        from loan_return r where r.loan_id = l.loan_id and r.line_no = l.line_no) ret on true
      left join lateral (select sum(c.quantity) as quantity from loan_conversion c
        where c.loan_id = l.loan_id and c.line_no = l.line_no) conv on true`.execute(db);

  // The write-off records: every return and conversion of a loan, written off with the loan.
  await sql`create view loan_verification as
    select r.object_id, r.version, r.created_at, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data,
      r.return_no as verification_no, r.loan_no, r.agent_name,
      case when r.inspection_result = '101' then '101' else '131' end as verification_method,
      r.return_quantity as verified_quantity, null::text as related_order_no,
      round(r.return_quantity * l.list_price, 2)::numeric(18, 2) as verified_amount,
      case when o.loan_status = '171' then '121' else '101' end as verification_status,
      o.data->>'VerifiedByName' as verified_by_name, o.data->>'VerifiedByLogin' as verified_by_login,
      (o.data->>'VerifiedOn')::timestamptz as verified_on
    from loan_return r join loan_order o on o.object_id = r.loan_id
      join loan_line l on l.loan_id = r.loan_id and l.line_no = r.line_no
    union all
    select c.object_id, c.version, c.created_at, c.created_by_name, c.updated_at, c.updated_by_name,
      c.company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      c.loan_no || '-' || c.line_no as verification_no, c.loan_no, c.agent_name, '111',
      c.quantity, c.order_no, c.amount,
      case when o.loan_status = '171' then '121' else '101' end,
      o.data->>'VerifiedByName', o.data->>'VerifiedByLogin', (o.data->>'VerifiedOn')::timestamptz
    from loan_conversion c join loan_order o on o.object_id = c.loan_id`.execute(db);

  // The generic filler kept made-up loans in the shared table; loans now live in their own.
  await sql`delete from record where resource in ('loanOrder', 'loanReturn', 'loanVerification')`.execute(db);
  for (const [page, parent, vendorOnly] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select m.role_code, ${page}, ${page} from role_menu m join role r on r.code = m.role_code
      where m.path = ${parent} and (not ${vendorOnly} or r.data_scope <> 'company')
      on conflict (role_code, menu_id) do nothing`.execute(db);
  // A database seeded before gets the loan approval bands (a new one gets them from the reference
  // step, which also adds the rejected and withdrawn loan statuses and the overdue job to every one).
  const people = await sql<{ n: number }>`select count(*)::int as n from employee`.execute(db);
  if (people.rows[0]?.n)
    for (const [name, data] of LOAN_BANDS)
      await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name)
        values (md5(${name})::uuid, 'loanApprovalConfig', ${JSON.stringify(data)}::jsonb, 'system', 'system')
        on conflict (object_id) do nothing`.execute(db);
}
