import { assign, emit, setup } from 'xstate';
import type { EmployeeRecord } from '../../services/employee.service';
import { employeeAdminActors, type SaveInput } from './employee-admin.actors';
import {
  changesOf,
  creationOf,
  type EmployeeAdminContext,
  type EmployeeAdminEmitted,
  type EmployeeAdminEvent,
  type EmployeeAdminInput,
  emptyForm,
  formOf,
  isStrongPassword,
  mayReset,
  refusalOf,
  withChange,
} from './employee-admin.rules';

const rowOf = (event: EmployeeAdminEvent) => ('row' in event ? event.row : undefined);
const seenOf = (target?: EmployeeRecord) => ({
  ObjectID: target?.ObjectID ?? '',
  Version: target?.Version ?? 0,
});

/**
 * The dialogs of the employee administration page (docs/employees-and-addresses.md): new employee,
 * edit, undo the last change, reset a password. The list itself is the kit's table machine.
 */
export const employeeAdminMachine = setup({
  types: {
    context: {} as EmployeeAdminContext,
    events: {} as EmployeeAdminEvent,
    input: {} as EmployeeAdminInput,
    emitted: {} as EmployeeAdminEmitted,
  },
  actors: employeeAdminActors,
  guards: {
    isAccountAdmin: ({ context }) => context.accountAdmin,
    mayReset: ({ context, event }) => event.type === 'password.reset' && mayReset(context, event.row),
    isProvinceChange: ({ context, event }) =>
      event.type === 'form.change' &&
      event.field === 'ProvinceCode' &&
      event.value !== context.form.ProvinceCode,
    isUnchangedEdit: ({ context }) => context.mode === 'edit' && Object.keys(changesOf(context)).length === 0,
    isCreateWithWeakPassword: ({ context }) =>
      context.mode === 'create' && !isStrongPassword(context.form.Password),
    isStrongPassword: ({ context }) => isStrongPassword(context.form.Password),
  },
  actions: {
    aimAt: assign({ target: ({ event }) => rowOf(event), error: undefined, errorField: undefined }),
    clearError: assign({ error: undefined, errorField: undefined }),
    applyChange: assign({
      form: ({ context, event }) =>
        event.type === 'form.change' ? withChange(context, event.field, event.value) : context.form,
    }),
    showRefusal: assign(({ event }) => refusalOf((event as { error?: unknown }).error)),
    weakPassword: assign({ error: 'employees.passwordRule', errorField: 'Password' }),
    close: assign({
      target: undefined,
      mode: undefined,
      form: emptyForm,
      error: undefined,
      errorField: undefined,
    }),
    changed: emit({ type: 'rows.changed' }),
    succeed: emit((_, message: string) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message,
    })),
    notifyRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: refusalOf((event as { error?: unknown }).error).error,
    })),
  },
}).createMachine({
  id: 'employeeAdmin',
  context: ({ input }) => ({
    accountAdmin: input.accountAdmin,
    selfId: input.selfId,
    form: emptyForm(),
    roles: [],
    provinces: [],
    cities: [],
    companies: [],
    companyKeyword: '',
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'employee.create': {
          guard: 'isAccountAdmin',
          target: 'loadingForm',
          description: 'Only account administrators (holders of the roles-and-menus page) create accounts.',
          actions: ['aimAt', assign({ mode: 'create' })],
        },
        'employee.edit': {
          guard: 'isAccountAdmin',
          target: 'loadingForm',
          description: 'Only account administrators edit accounts; the form loads the current version.',
          actions: ['aimAt', assign({ mode: 'edit' })],
        },
        'change.undo': {
          guard: 'isAccountAdmin',
          target: 'confirmingUndo',
          description: 'Undoing the last confirmed change asks first; only account administrators may.',
          actions: 'aimAt',
        },
        'password.reset': {
          guard: 'mayReset',
          target: 'resetForm',
          description:
            "Every holder of the page may reset others' passwords; a system administrator's only an account administrator.",
          actions: ['aimAt', assign({ form: emptyForm })],
        },
      },
    },
    loadingForm: {
      tags: 'busy',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({
          objectId: context.mode === 'edit' ? context.target?.ObjectID : undefined,
        }),
        onDone: {
          target: 'form',
          actions: assign(({ event }) => ({
            target: event.output.record,
            form: formOf(event.output.record),
            roles: event.output.roles,
            provinces: event.output.provinces,
          })),
        },
        onError: {
          target: 'idle',
          actions: ['notifyRefusal', 'close'],
        },
      },
    },
    form: {
      type: 'parallel',
      tags: 'form',
      on: { 'form.cancel': { target: 'idle', actions: 'close' } },
      states: {
        submission: {
          initial: 'open',
          states: {
            open: {
              on: {
                'form.change': { actions: 'applyChange' },
                'form.submit': [
                  {
                    guard: 'isUnchangedEdit',
                    description: 'A form without changes saves nothing.',
                    actions: emit({ type: 'notify', severity: 'warn', message: 'employees.unchanged' }),
                  },
                  {
                    guard: 'isCreateWithWeakPassword',
                    description:
                      'The initial password follows the password rule: 8+ characters, letters and digits.',
                    actions: 'weakPassword',
                  },
                  { target: 'saving', actions: 'clearError' },
                ],
              },
            },
            saving: {
              tags: 'busy',
              invoke: {
                id: 'saveEmployee',
                src: 'saveEmployee',
                input: ({ context }): SaveInput =>
                  context.mode === 'create'
                    ? { mode: 'create', fields: creationOf(context.form) }
                    : { mode: 'edit', changes: { ...seenOf(context.target), ...changesOf(context) } },
                onDone: {
                  target: '#employeeAdmin.idle',
                  description: 'Only the changed fields and the version go out; the list reloads.',
                  actions: [
                    {
                      type: 'succeed',
                      params: ({ context }) =>
                        context.mode === 'create' ? 'employees.created' : 'employees.updated',
                    },
                    'changed',
                    'close',
                  ],
                },
                onError: {
                  target: 'open',
                  description:
                    'A refusal keeps what was typed and names the field it is about; a stale version says ' +
                    'someone else saved first.',
                  actions: 'showRefusal',
                },
              },
            },
          },
        },
        cities: {
          initial: 'loading',
          on: {
            'form.change': {
              guard: 'isProvinceChange',
              target: '.loading',
              reenter: true,
              description: 'A new province lists its cities; the city chosen before is cleared.',
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadCities',
                src: 'loadCities',
                input: ({ context }) => ({ provinceCode: context.form.ProvinceCode }),
                onDone: { target: 'ready', actions: assign({ cities: ({ event }) => event.output }) },
                onError: { target: 'ready', actions: assign({ cities: [] }) },
              },
            },
            ready: {},
          },
        },
        companies: {
          initial: 'ready',
          on: {
            'company.search': {
              target: '.searching',
              reenter: true,
              description:
                'Agent roles belong to a company, found by name; a newer search replaces an older one.',
              actions: assign({ companyKeyword: ({ event }) => event.keyword }),
            },
          },
          states: {
            ready: {},
            searching: {
              invoke: {
                id: 'searchCompanies',
                src: 'searchCompanies',
                input: ({ context }) => ({ keyword: context.companyKeyword }),
                onDone: { target: 'ready', actions: assign({ companies: ({ event }) => event.output }) },
                onError: { target: 'ready', actions: assign({ companies: [] }) },
              },
            },
          },
        },
      },
    },
    resetForm: {
      tags: 'form',
      on: {
        'form.change': { actions: 'applyChange' },
        'form.submit': [
          { guard: 'isStrongPassword', target: 'resetting', actions: 'clearError' },
          { description: 'The temporary password follows the password rule too.', actions: 'weakPassword' },
        ],
        'form.cancel': { target: 'idle', actions: 'close' },
      },
    },
    resetting: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ ...seenOf(context.target), Password: context.form.Password }),
        onDone: {
          target: 'idle',
          description: 'The employee must change the password at the next login; their sessions have ended.',
          actions: [{ type: 'succeed', params: 'employees.passwordReset' }, 'changed', 'close'],
        },
        onError: { target: 'resetForm', actions: 'showRefusal' },
      },
    },
    confirmingUndo: {
      on: {
        'undo.confirm': 'undoing',
        'undo.cancel': { target: 'idle', actions: 'close' },
      },
    },
    undoing: {
      tags: 'busy',
      invoke: {
        id: 'undoChange',
        src: 'undoChange',
        input: ({ context }) => seenOf(context.target),
        onDone: {
          target: 'idle',
          actions: [{ type: 'succeed', params: 'employees.reverted' }, 'changed', 'close'],
        },
        onError: {
          target: 'idle',
          description: 'Only the latest confirmed change can be undone, once.',
          actions: ['notifyRefusal', 'close'],
        },
      },
    },
  },
});
