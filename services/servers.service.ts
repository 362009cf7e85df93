import type { PortalServersAnswer } from '../domain/servers';
import { request } from './http.service';

// The page shows a refusal itself: no second toast from the http layer.
const quiet = { silent: true } as const;

/** The running servers of this database and whether each shares this server's files (docs/deployment.md). */
export const listPortalServers = () => request<PortalServersAnswer>('/portalServer/list', {}, quiet);
