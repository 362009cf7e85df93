/** The cache configuration page (docs/cache.md); field labels are field.cacheConfig.*. */
export const caches = {
  /** The server's caches by key: declared in code, so named in the reader's language. */
  names: {
    dictionary: '数据字典',
    roleMenu: '角色菜单权限',
    standardPrice: '产品标准价',
    session: '登录会话',
  },
  actions: '操作',
  clear: '清空',
  clearLabel: '清空缓存 {{name}}',
  cleared: '已清空缓存“{{name}}”，各服务器将重新加载',
  perServer:
    '条目数、命中与未命中为应答此页的服务器自启动以来的统计；每台服务器各有一份缓存，清空和设置对所有服务器生效。',
  problems: {
    ttl: '须为 {{min}} 到 {{max}} 之间的整数',
  },
};
