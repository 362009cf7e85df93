import { assign, emit, setup } from 'xstate';
import type { RoleDetail } from '../../services/role.service';
import { roleMenusActors } from './role-menus.actors';
import {
  changesOf,
  creationOf,
  menusOf,
  messageOf,
  type RoleMenusContext,
  type RoleMenusEmitted,
  type RoleMenusEvent,
  validateRoleForm,
  withRole,
} from './role-menus.rules';
import { sameMenus, toggleMenus } from './role-menus.tree';

/**
 * Role and menu administration (SPEC §6 roles, §7 /roleToMenu/*): pick a role, tick the pages it may
 * open, save; create and delete roles. The calls are named actors; tests swap them with `.provide()`.
 */
export const roleMenusMachine = setup({
  types: {
    context: {} as RoleMenusContext,
    events: {} as RoleMenusEvent,
    emitted: {} as RoleMenusEmitted,
  },
  actors: roleMenusActors,
  guards: {
    isDirty: ({ context }) => !sameMenus(context.ticked, context.saved),
    isFormValid: ({ context, event }) =>
      event.type === 'form.submit' && Object.keys(validateRoleForm(event.form, context.roles)).length === 0,
    isNextCreate: ({ context }) => context.next?.kind === 'create',
    hasRole: ({ context }) => context.role !== undefined,
  },
  actions: {
    clearError: assign({ error: undefined }),
    showError: assign({ error: messageOf }),
    editRole: assign((_, role: RoleDetail) => ({ role, saved: menusOf(role), ticked: menusOf(role) })),
    closeRole: assign({ role: undefined, saved: [], ticked: [] }),
    restoreTicks: assign({ ticked: ({ context }) => context.saved }),
    forgetNext: assign({ next: undefined }),
    closeForm: assign({ formErrors: {}, error: undefined }),
    aimAtRole: assign({
      next: ({ event }) => ({ kind: 'role' as const, roleId: (event as { roleId: string }).roleId }),
    }),
  },
}).createMachine({
  id: 'roleMenus',
  context: { roles: [], saved: [], ticked: [], formErrors: {} },
  initial: 'loadingRoles',
  states: {
    loadingRoles: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        onDone: { target: 'browsing', actions: assign({ roles: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: 'showError' },
      },
    },
    loadFailed: { on: { 'roles.reload': 'loadingRoles' } },
    browsing: {
      on: {
        'role.select': { target: 'loadingRole', actions: 'aimAtRole' },
        'role.create': { target: 'creating', actions: 'clearError' },
      },
    },
    loadingRole: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'loadRole',
        src: 'loadRole',
        input: ({ context }) => ({ roleId: context.next?.kind === 'role' ? context.next.roleId : '' }),
        onDone: {
          target: 'editing',
          description: 'Pages the catalogue no longer has are dropped: they could not be granted again.',
          actions: [{ type: 'editRole', params: ({ event }) => event.output }, 'forgetNext'],
        },
        onError: { target: 'browsing', actions: ['showError', 'closeRole', 'forgetNext'] },
      },
      on: {
        'role.select': {
          target: 'loadingRole',
          reenter: true,
          description: 'A later pick wins over one still loading.',
          actions: 'aimAtRole',
        },
      },
    },
    editing: {
      tags: 'editable',
      on: {
        'menu.toggle': {
          description:
            'Ticking a module, group or page with detail pages ticks every page under it; when all of ' +
            'them were ticked already, it unticks them all.',
          actions: assign({ ticked: ({ context, event }) => toggleMenus(context.ticked, event.key) }),
        },
        'changes.save': {
          guard: 'isDirty',
          target: 'saving',
          description: 'Only a role whose ticks differ from the saved ones can be saved.',
        },
        'changes.discard': {
          guard: 'isDirty',
          description: 'Discarding brings back the ticks as last saved.',
          actions: ['restoreTicks', 'clearError'],
        },
        'role.select': [
          {
            guard: 'isDirty',
            target: 'confirmingDiscard',
            description: 'Leaving a role with unsaved ticks asks first.',
            actions: 'aimAtRole',
          },
          { target: 'loadingRole', actions: 'aimAtRole' },
        ],
        'role.create': [
          {
            guard: 'isDirty',
            target: 'confirmingDiscard',
            description: 'A new role replaces the one in the editor, so unsaved ticks are asked about.',
            actions: assign({ next: { kind: 'create' } }),
          },
          { target: 'creating', actions: 'clearError' },
        ],
        'role.delete': { target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    confirmingDiscard: {
      on: {
        'discard.confirm': [
          {
            guard: 'isNextCreate',
            target: 'creating',
            actions: ['restoreTicks', 'clearError', 'forgetNext'],
          },
          { target: 'loadingRole' },
        ],
        'discard.cancel': { target: 'editing', actions: 'forgetNext' },
      },
    },
    saving: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }) => changesOf(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'editRole', params: ({ event }) => event.output },
            assign({ roles: ({ context, event }) => withRole(context.roles, event.output) }),
            emit({ type: 'role.saved' }),
          ],
        },
        onError: {
          target: 'editing',
          description:
            'A refused save (say, someone else saved the role first) keeps the ticks, so nothing is lost; ' +
            'picking the role again loads the newer version.',
          actions: 'showError',
        },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'editing',
      },
    },
    deleting: {
      tags: 'busy',
      entry: 'clearError',
      invoke: {
        id: 'deleteRole',
        src: 'deleteRole',
        input: ({ context }) => ({ roleId: context.role!.ObjectID }),
        onDone: {
          target: 'browsing',
          actions: [
            assign({
              roles: ({ context }) => context.roles.filter((r) => r.ObjectID !== context.role!.ObjectID),
            }),
            'closeRole',
            emit({ type: 'role.deleted' }),
          ],
        },
        onError: {
          target: 'editing',
          description:
            'The server refuses to delete a role its employees still have, and the administrator role.',
          actions: 'showError',
        },
      },
    },
    creating: {
      tags: 'form',
      on: {
        'form.submit': [
          {
            guard: 'isFormValid',
            target: 'creatingRole',
            actions: assign({ draft: ({ event }) => event.form, formErrors: {} }),
          },
          {
            description: 'Code (JS + 3 digits, not taken), both names and the data scope are required.',
            actions: assign({
              formErrors: ({ context, event }) => validateRoleForm(event.form, context.roles),
            }),
          },
        ],
        'form.cancel': [
          { guard: 'hasRole', target: 'editing', actions: 'closeForm' },
          { target: 'browsing', actions: 'closeForm' },
        ],
      },
    },
    creatingRole: {
      tags: ['busy', 'form'],
      entry: 'clearError',
      invoke: {
        id: 'createRole',
        src: 'createRole',
        input: ({ context }) => creationOf(context.draft!),
        onDone: {
          target: 'editing',
          description: 'A new role starts with no pages; the administrator ticks them next.',
          actions: [
            { type: 'editRole', params: ({ event }) => event.output },
            assign({
              roles: ({ context, event }) => withRole(context.roles, event.output),
              draft: undefined,
            }),
            emit({ type: 'role.created' }),
          ],
        },
        onError: { target: 'creating', actions: 'showError' },
      },
    },
  },
});

export const selectIsDirty = (snapshot: { can(event: RoleMenusEvent): boolean }) =>
  snapshot.can({ type: 'changes.save' });
