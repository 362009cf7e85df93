// The role codes are shared vocabulary (domain/roles.ts); the server's modules import them from here.
export { isSystemAdmin, ROLE, TASK_OFFICE } from '../../domain/roles';
