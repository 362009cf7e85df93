import type { workflowDescriptions as zh } from '../zh/workflow-descriptions';
import { businessWorkflowDescriptions } from './workflow-descriptions-business';
import { kitWorkflowDescriptions } from './workflow-descriptions-kit';
import { pageWorkflowDescriptions } from './workflow-descriptions-pages';

/** The business rules of the statecharts in English, keyed as the Chinese file is. */
export const workflowDescriptions: typeof zh = {
  session: {
    starting: 'A token kept from an earlier visit is verified before anything is shown.',
    restoring: "Roles are not loaded yet: the user info is read first (the route guard's rule).",
    admitting:
      'An initial password is changed before anything else: until then the server answers only the user info, the password change and logout, so no menus are read.',
    loadingPermissions: "Menus come from the user's role; they decide which pages can be opened.",
    'authenticated.passwordChangeRequired':
      'First login: the initial password must be changed before anything else.',
    'authenticated.loadingMenus': 'The password is changed: the role’s menus are read now, as at any login.',
    'authenticated.timedOut':
      'A click after more than 5 hours without activity: the time-out dialog, then logout.',
  },
  routeGuard: {
    allowed: 'A session change (login, logout, time-out) decides the current path again.',
    'deciding:always:0': "The refresh page re-opens the original path: the tab's refresh.",
    'deciding:always:1': 'A logged-in user opening /login is sent on: to the redirect parameter, else to /.',
    'deciding:always:3':
      'Loading user info or permissions failed: the token is reset, the error shown, and the user logs in again.',
    'deciding:always:4': 'No login token: to /login, keeping the original path as the redirect parameter.',
    'deciding:always:5':
      'Roles not loaded yet: wait for user info and permissions, then retry the navigation.',
    'deciding:always:6': 'The root redirects to the dashboard.',
    'deciding:always:7': 'A path inside a module that names no page sends the user to /.',
    'deciding:always:8': 'Unknown paths go to /404.',
    'deciding:always:9': "A page outside the role's menu list shows the 401 page.",
  },
  tabs: {
    menuOpen: 'The right-click menu of one tab: refresh, close, close others, close all.',
    'tabs:tab.open:0': 'Opening a page activates its tab, adding it when it is not open yet.',
    'tabs:tab.show:0':
      'Choosing a tab in the tab bar shows it as it was: it keeps the list it was opened from, whatever tab was shown before.',
    'tabs:tab.close:0': 'Pinned tabs cannot be closed; closing a tab also closes an open tab menu.',
    'tabs:tabs.reset:0': 'Logging out clears every open tab but the pinned ones.',
    'menuOpen:menu.refresh:0': 'Refresh re-opens the page through the refresh page.',
    'menuOpen:menu.close.others:0': 'Keeps the chosen tab and the pinned ones, and shows the chosen tab.',
    'menuOpen:menu.close.all:0': 'Only the pinned tabs stay; the last of them is shown.',
  },
  settings: {
    'device.mobile': 'Below 992 px the sidebar is closed and opens over the page.',
    'device.mobile.sidebarOpened:page.open:0': 'On a phone the menu closes once a page opens.',
  },
  roleMenus: {
    'loadingRole:role.select:0': 'A later pick wins over one still loading.',
    'loadingRole:xstate.done.actor.loadRole:0':
      'Pages the catalogue no longer has are dropped: they could not be granted again.',
    'editing:menu.toggle:0':
      'Ticking a module, group or page with detail pages ticks every page under it; when all of them were ticked already, it unticks them all.',
    'editing:changes.save:0': 'Only a role whose ticks differ from the saved ones can be saved.',
    'editing:changes.discard:0': 'Discarding brings back the ticks as last saved.',
    'editing:role.select:0': 'Leaving a role with unsaved ticks asks first.',
    'editing:role.create:0': 'A new role replaces the one in the editor, so unsaved ticks are asked about.',
    'saving:xstate.error.actor.saveRole:0':
      'A refused save (say, someone else saved the role first) keeps the ticks, so nothing is lost; picking the role again loads the newer version.',
    'deleting:xstate.error.actor.deleteRole:0':
      'The server refuses to delete a role its employees still have, and the administrator role.',
    'creating:form.submit:1': 'Code (JS + 3 digits, not taken), both names and the data scope are required.',
    'creatingRole:xstate.done.actor.createRole:0':
      'A new role starts with no pages; the administrator ticks them next.',
  },
  employeeAdmin: {
    'idle:employee.create:0':
      'Only account administrators (holders of the roles-and-menus page) create accounts.',
    'idle:employee.edit:0': 'Only account administrators edit accounts; the form loads the current version.',
    'idle:change.undo:0': 'Undoing the last confirmed change asks first; only account administrators may.',
    'idle:password.reset:0':
      "Every holder of the page may reset others' passwords; a system administrator's only an account administrator.",
    'form.submission.open:form.submit:0': 'A form without changes saves nothing.',
    'form.submission.open:form.submit:1':
      'The initial password follows the password rule: 8+ characters, letters and digits.',
    'form.submission.saving:xstate.done.actor.saveEmployee:0':
      'Only the changed fields and the version go out; the list reloads.',
    'form.submission.saving:xstate.error.actor.saveEmployee:0':
      'A refusal keeps what was typed and names the field it is about; a stale version says someone else saved first.',
    'form.cities:form.change:0': 'A new province lists its cities; the city chosen before is cleared.',
    'form.companies:company.search:0':
      'Agent roles belong to a company, found by name; a newer search replaces an older one.',
    'resetForm:form.submit:1': 'The temporary password follows the password rule too.',
    'resetting:xstate.done.actor.resetPassword:0':
      'The employee must change the password at the next login; their sessions have ended.',
    'undoing:xstate.error.actor.undoChange:0': 'Only the latest confirmed change can be undone, once.',
  },
  cronJob: {
    'loading:xstate.done.actor.loadJob:0':
      'A job whose run is queued or running is watched until the run has finished.',
    'ready:job.runNow:0': 'A run already queued is not asked for again: one request, one run.',
    'ready:job.enable:0': 'Enabling schedules the next run from now, by the job’s expression.',
    'ready.watching:xstate.done.actor.pollRun:1':
      'The run has finished (or the page stops looking after a minute).',
    'switching:xstate.error.actor.switchJob:0':
      'A stale version (someone else changed the job) is said as the server words it.',
    'editing:form.submit:0': 'The expression, timeout and params are checked before anything is sent.',
    'saving:xstate.done.actor.saveSchedule:0': 'Only the changed fields and the version go out.',
    'saving:xstate.error.actor.saveSchedule:0':
      'The server’s refusal is shown under the field it names; what was typed stays.',
  },
  cacheAdmin: {
    'idle:cache.clear:0':
      'Clearing costs only reloads: the next reads load the data again, so nothing asks for confirmation.',
  },
  booksCheck: {
    'ready:books.run:0': 'A check only reads: it asks for no confirmation and changes no record.',
  },
  servers: {
    'ready:servers.reload:0': 'Heartbeats move on: a refresh shows who is live now, and who stopped.',
  },
  ...kitWorkflowDescriptions,
  ...pageWorkflowDescriptions,
  ...businessWorkflowDescriptions,
};
