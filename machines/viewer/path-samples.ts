import type { AnyEventObject } from 'xstate';
import { pages } from '../../catalogue/catalogue';
import { ChannelType } from '../../domain/codes/customers.codes';
import { pickers } from '../kit/pickers';
import { localeMachine } from '../shell/locale.machine';
import { defaultRegistrationChain, registrationWorkflow } from '../workflows/registration.workflow';
import { decisionPathSample } from './path-samples-decision';
import { kitPathSamples } from './path-samples-kit';
import { shellPathSamples } from './path-samples-shell';
import { workflowPathSamples } from './path-samples-workflows';
import type { PathSample } from './test-paths';

/**
 * Sample inputs and payload cases for generating test paths of the registry's machines (the paths
 * command and the viewer's paths panel). Event types without a case are sent as a bare `{ type }`;
 * when a guard or action needs a payload the plan lists the type under "needs a sample payload".
 * These are illustrations for a plan, not the model tests' full case lists (tests/model/).
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
type Ctx = Record<string, any>;
type Snap = { context: Ctx; value: unknown };
const ctx = (s: unknown) => (s as Snap).context;
const refused = new Error('refused');
const done = (id: string, output?: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: refused });

const employee = {
  ObjectID: 'e-1',
  LastName: 'Qian (sales ops)',
  ExtUserName_SDK: 'ops',
  ExtRoleCode_SDK: 'JS013',
};
const modulePage = pages.find((p) => !p.public && !p.always && !p.path.includes(':'))!;
const sessions = {
  anonymous: { status: 'anonymous', allowedPageIds: new Set<string>() },
  loading: { status: 'loading', allowedPageIds: new Set<string>() },
  admin: { status: 'ready', allowedPageIds: new Set(pages.map((p) => p.id)) },
};
const row = (n: number) => ({ ObjectID: `id-${n}`, Version: 1, Name: `Row ${n}` });
const regApplicant = { id: 'applicant:1', name: 'Zhang San', role: 'applicant' };
const reviewers = defaultRegistrationChain.map((s, i) => ({ id: `e-rev-${i}`, name: s.step, role: s.role }));

const historyEvent = (Seq: number, Type: string, actor: Ctx, payload: Ctx = {}) => ({
  StreamID: 'registration-1',
  Workflow: 'registration',
  Seq,
  Type,
  ActorID: actor.id,
  ActorName: actor.name,
  Role: actor.role,
  At: '2026-11-22T09:00:00.000Z',
  Payload: { ...payload, actor },
});
const historySample = [
  historyEvent(1, 'workflow.started', regApplicant, {
    workflow: 'registration',
    input: { chain: defaultRegistrationChain, applicant: regApplicant },
  }),
  historyEvent(2, 'review.agree', reviewers[0]),
];

export const pathSamples: Record<string, PathSample> = {
  session: {
    input: { hasToken: false, now: 0 },
    events: [
      { type: 'login.submit', username: 'ops', password: 'secret', at: 0 },
      done('login', { token: 't', employee }),
      done('login', { token: 't', employee: { ...employee, ExtIsFistTime_SDK: true } }),
      error('login'),
      done('fetchUserInfo', employee),
      error('fetchUserInfo'),
      done('fetchRoleMenus', [{ ID: 'a', Path: 'a' }]),
      error('fetchRoleMenus'),
      { type: 'user.activity', at: 60_000 },
      { type: 'user.activity', at: 18_100_000 },
    ],
    contextKey: (s) => [Boolean(ctx(s).employee?.ExtIsFistTime_SDK), ctx(s).lastActivityAt > 0],
  },
  routeGuard: {
    events: [
      ...[
        { path: '/login', search: '' },
        { path: '/dashboard', search: '' },
        { path: modulePage.path, search: '' },
        { path: '/no/such/page', search: '' },
      ].flatMap((request) =>
        Object.values(sessions).map((session) => ({ type: 'route.request', request, session })),
      ),
      ...Object.values(sessions).map((session) => ({ type: 'session.change', session })),
    ],
  },
  passwordChange: {
    events: [
      {
        type: 'form.submit',
        form: { oldPassword: 'Demo@123456', newPassword: 'Better#2026x', confirmPassword: 'Better#2026x' },
      },
      { type: 'form.submit', form: { oldPassword: '', newPassword: 'x', confirmPassword: 'y' } },
      done('updatePassword'),
      error('updatePassword'),
    ],
  },
  locale: { input: { lang: 'zh' }, events: [{ type: 'lang.change', lang: 'en' }] },
  table: {
    input: {
      initial: {},
      dictionaryCodes: ['Status'],
      cells: { columns: [{ field: 'Name', kind: 'text', editable: true }] },
    },
    events: [
      done('loadDictionaries', {}),
      error('loadDictionaries'),
      done('fetchPage', { rows: [row(1), row(2)], total: 25 }),
      error('fetchPage'),
      done('deleteRows'),
      error('deleteRows'),
      done('saveCell', row(1)),
      error('saveCell'),
      { type: 'page.change', page: 2 },
      { type: 'size.change', size: 20 },
      { type: 'sort.change', sort: { field: 'Name', descending: true } },
      { type: 'filter.apply', filters: { Name: 'Row' } },
      { type: 'selection.change', ids: ['id-1'] },
      { type: 'row.delete', objectId: 'id-1' },
      { type: 'cell.edit', objectId: 'id-1', field: 'Name' },
      { type: 'cell.change', value: 'changed' },
    ],
    contextKey: (s) => [ctx(s).currentPage, ctx(s).selection.length, ctx(s).rows.length],
  },
  record: {
    input: {
      objectId: 'r-1',
      action: 'edit',
      fields: [{ field: 'Name', kind: 'text', required: true }],
      dictionaryCodes: [],
    },
    events: [
      done('loadDictionaries', {}),
      error('loadDictionaries'),
      done('loadRecord', { ObjectID: 'r-1', Version: 1, Name: 'Hongtu Technology' }),
      error('loadRecord'),
      done('saveRecord', { ObjectID: 'r-1', Version: 2, Name: 'New name' }),
      error('saveRecord'),
      { type: 'field.change', field: 'Name', value: 'New name' },
      { type: 'field.change', field: 'Name', value: '' },
    ],
    contextKey: (s) => [ctx(s).values?.Name ?? null, ctx(s).original?.Name ?? null],
  },
  picker: {
    input: { definition: pickers.customer, field: 'AgentName', multiple: true },
    events: [
      { type: 'keyword.change', keyword: 'Qinghe' },
      { type: 'page.change', page: 2 },
      { type: 'selection.change', rows: [{ ObjectID: 'a', Name: 'Nanjing Qinghe Equipment Co.' }] },
      { type: 'selection.change', rows: [] },
      { type: 'mode.change', readOnly: true },
      { type: 'mode.change', readOnly: false },
      done('fetchPage', { rows: [{ ObjectID: 'a', Name: 'Nanjing Qinghe Equipment Co.' }], total: 25 }),
      error('fetchPage'),
    ],
    contextKey: (s) => [ctx(s).readOnly, ctx(s).selection?.length ?? 0, ctx(s).page ?? null],
  },
  companyLookup: {
    input: { field: 'Name' },
    events: [
      { type: 'keyword.change', keyword: 'Qinghe' },
      { type: 'local.page', page: 2 },
      {
        type: 'local.choose',
        row: { CompanyName: 'Nanjing Ruichen IT Co.', CreditCode: '91320100MA1XXXXXX0' },
      },
      { type: 'registry.page', page: 2 },
      {
        type: 'registry.choose',
        row: { KeyNo: 'k1', Name: 'Shanghai Qinghe Construction Co.', CreditCode: '9131010101230277EE' },
      },
      { type: 'manual.change', name: 'Suzhou Qinghe Equipment Co.' },
      { type: 'mode.change', readOnly: true },
      { type: 'mode.change', readOnly: false },
      done('searchLocal', { rows: [{ CompanyName: 'Nanjing Ruichen IT Co.' }], total: 45 }),
      done('searchLocal', { rows: [], total: 0 }),
      error('searchLocal'),
      done('searchRegistry', {
        rows: [{ KeyNo: 'k1', Name: 'Shanghai Qinghe Construction Co.' }],
        total: 45,
      }),
      error('searchRegistry'),
      done('recordCompany', {}),
      error('recordCompany'),
    ],
    contextKey: (s) => [
      ctx(s).readOnly,
      Math.min(String(ctx(s).keyword ?? '').trim().length, 2),
      Boolean(ctx(s).manualName),
    ],
  },
  roleMenus: {
    events: [
      { type: 'role.select', roleId: 'JS012' },
      { type: 'menu.toggle', key: 'system.roleMenus' },
      {
        type: 'form.submit',
        form: { RoleCode: 'JS020', RoleName: 'Audit', RoleNameEn: 'Audit', DataScope: 'all' },
      },
      {
        type: 'form.submit',
        form: { RoleCode: 'AB12', RoleName: '', RoleNameEn: 'Audit', DataScope: 'all' },
      },
      done('loadRoles', []),
      error('loadRoles'),
      done('loadRole', {
        ObjectID: 'JS012',
        RoleCode: 'JS012',
        RoleName: 'City manager',
        Version: 3,
        RoleToMenuMenuList: [],
      }),
      error('loadRole'),
      done('saveRole', {
        ObjectID: 'JS012',
        RoleCode: 'JS012',
        RoleName: 'City manager',
        Version: 4,
        RoleToMenuMenuList: [],
      }),
      error('saveRole'),
      done('createRole', {
        ObjectID: 'JS020',
        RoleCode: 'JS020',
        RoleName: 'Audit',
        Version: 1,
        RoleToMenuMenuList: [],
      }),
      error('createRole'),
      done('deleteRole'),
      error('deleteRole'),
    ],
    contextKey: (s) => [ctx(s).role?.ObjectID ?? null, ctx(s).ticked?.length ?? 0, ctx(s).next?.kind ?? null],
  },
  workflowViewer: {
    events: [
      { type: 'machine.select', id: 'locale' },
      { type: 'machine.show', id: 'locale', machine: localeMachine },
      { type: 'mode.change', mode: 'live' },
      { type: 'element.select', element: { kind: 'state', id: 'locale' } },
      done('prepareDiagram', { machine: localeMachine, layout: {} }),
      error('prepareDiagram'),
    ],
    contextKey: (s) => [ctx(s).mode, Boolean(ctx(s).element)],
  },
  processHistory: {
    input: { workflow: 'registration', machine: registrationWorkflow },
    events: [
      { type: 'stream.open', streamId: 'registration-1' },
      done('loadStreams', { rows: [], total: 0 }),
      error('loadStreams'),
      done('loadHistory', historySample),
      done(
        'loadHistory',
        historySample.map((e) => ({ ...e, Workflow: 'approval' })),
      ),
      error('loadHistory'),
      { type: 'step.go', index: 1 },
    ],
    contextKey: (s) => [ctx(s).step, ctx(s).steps.length, Boolean(ctx(s).error)],
  },
  registrationForm: { input: { channel: ChannelType.rsp } },
  registrationProgress: { input: { registrationNo: 'ZR202611220001' } },
  decision: decisionPathSample,
  ...shellPathSamples,
  ...kitPathSamples,
  ...workflowPathSamples,
};
