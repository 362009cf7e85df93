import { app } from './app';
import { menuGroup } from './menu-groups';
import { registration } from './registration';
import { module, route } from './routes';

/**
 * The messages the first screen needs (login, the shell's chrome, page titles of public routes). The
 * rest — every page title and field label — loads with the shell, so the login page stays small.
 */
export const core = { app, route, module, menuGroup, registration };
