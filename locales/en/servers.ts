/** System › Servers (docs/deployment.md): the servers running on this database and whether they share files. */
import type { servers as zh } from '../zh/servers';

export const servers: typeof zh = {
  columns: {
    instance: 'Server',
    host: 'Host',
    pid: 'Process ID',
    startedOn: 'Started',
    seenOn: 'Last heartbeat',
    fileStore: 'File store',
    status: 'Status',
    sharesFiles: 'Shares files',
  },
  self: 'This server',
  fileStore: { local: 'Local folder', s3: 'S3 object store' },
  status: { running: 'Running', draining: 'Stopping' },
  shares: { yes: 'Yes', no: 'No' },
  empty: 'No running server is recorded: this server has not recorded a heartbeat yet.',
  alone: 'Only this server runs on this database.',
  sharing: '{{count}} servers run on this database and share their files.',
  warning: {
    title: "Servers that do not see this server's files",
    countOne: "1 server runs on this database but does not see this server's files.",
    countMany: "{{count}} servers run on this database but do not see this server's files.",
    effect: 'Uploads and downloads fail whenever the load balancer sends a request to such a server.',
    fix: 'To fix it, give every server the same S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY (one S3-compatible store), or make DATA_DIR/files one shared folder on every server. See docs/deployment.md.',
  },
};
