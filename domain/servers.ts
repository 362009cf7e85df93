/** One running portal server of this database, as 系统管理 › 服务器 shows it (docs/deployment.md). */
export interface PortalServerRow {
  Instance: string;
  Host: string;
  Pid: number;
  /** Business time (Asia/Shanghai), ISO with offset. */
  StartedOn: string;
  SeenOn: string;
  /** Stopping: it finishes its requests and its running job and takes nothing new. */
  Draining: boolean;
  FileStore: 'local' | 's3';
  /** Whether the server answering sees this server's files (same S3 store, or one shared folder). */
  SharesFiles: boolean;
  /** The server that answered. */
  Self: boolean;
}

export interface PortalServersAnswer {
  Servers: PortalServerRow[];
}
