/** 系统管理 › 服务器 (docs/deployment.md): the servers running on this database and whether they share files. */
export const servers = {
  columns: {
    instance: '服务器',
    host: '主机',
    pid: '进程号',
    startedOn: '启动时间',
    seenOn: '最近心跳',
    fileStore: '文件存储',
    status: '状态',
    sharesFiles: '共享文件',
  },
  self: '本服务器',
  fileStore: { local: '本地目录', s3: 'S3 对象存储' },
  status: { running: '运行中', draining: '正在停止' },
  shares: { yes: '是', no: '否' },
  empty: '没有正在运行的服务器记录：本服务器还没有记录心跳。',
  alone: '本数据库上只运行着本服务器。',
  sharing: '本数据库上运行着 {{count}} 台服务器，它们共享文件。',
  warning: {
    title: '有服务器看不到本服务器的文件',
    countOne: '有 1 台服务器运行在本数据库上，但看不到本服务器的文件。',
    countMany: '有 {{count}} 台服务器运行在本数据库上，但看不到本服务器的文件。',
    effect: '负载均衡把请求发到那台服务器时，上传和下载都会失败。',
    fix: '解决办法：为每台服务器配置相同的 S3_ENDPOINT、S3_ACCESS_KEY 和 S3_SECRET_KEY（同一个兼容 S3 的对象存储），或者让每台服务器的 DATA_DIR/files 是同一个共享目录。详见 docs/deployment.md。',
  },
};
