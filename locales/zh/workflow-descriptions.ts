import { businessWorkflowDescriptions } from './workflow-descriptions-business';
import { kitWorkflowDescriptions } from './workflow-descriptions-kit';
import { pageWorkflowDescriptions } from './workflow-descriptions-pages';

/**
 * The business rules of the statecharts (their `description`s) in Chinese, for the workflow viewer:
 * by machine id, then by state path below the root ('' for the root) or by transition id without the
 * machine's prefix (`<state path>:<event or always>:<index>`). The machine files keep their English
 * for those who read the code; the viewer shows these. tests/unit/diagram-words.test.ts fails for a
 * description without its text here and in English, and for a key no machine has.
 */
export const workflowDescriptions: Record<string, Record<string, string>> = {
  session: {
    starting: '上次访问保存的登录令牌先经验证，验证前不显示任何内容。',
    restoring: '角色尚未加载：先读取用户信息（路由守卫规则）。',
    admitting: '初始密码须先修改：在此之前服务器只回答用户信息、修改密码和退出登录，因此不读取菜单。',
    loadingPermissions: '菜单取自用户的角色编码，决定有哪些页面可以打开。',
    'authenticated.passwordChangeRequired': '首次登录：须先修改初始密码，才能做其他操作。',
    'authenticated.loadingMenus': '密码已修改：现在读取该角色的菜单，与每次登录相同。',
    'authenticated.timedOut': '超过 5 小时无操作后的一次点击：先显示超时对话框，再退出登录。',
  },
  routeGuard: {
    allowed: '会话变化（登录、退出、超时）后重新判断当前路径。',
    'deciding:always:0': '刷新跳转页重新打开原路径：页签的“刷新”功能。',
    'deciding:always:1': '已登录用户打开登录页会被送走：有跳转参数则去该处，否则去首页。',
    'deciding:always:3': '读取用户信息或权限失败：清除令牌、显示错误，用户重新登录。',
    'deciding:always:4': '没有登录令牌：转到登录页，原路径作为跳转参数保留。',
    'deciding:always:5': '角色尚未加载：等待用户信息和权限，然后重试跳转。',
    'deciding:always:6': '根路径转到首页。',
    'deciding:always:7': '模块内未指明页面的路径把用户送回首页。',
    'deciding:always:8': '未知路径转到 404 页。',
    'deciding:always:9': '不在角色菜单中的页面显示 401 页。',
  },
  tabs: {
    menuOpen: '一个页签的右键菜单：刷新、关闭、关闭其他、关闭全部。',
    'tabs:tab.open:0': '打开页面即激活其页签，未打开时新增页签。',
    'tabs:tab.show:0': '在页签栏点选页签，按原样显示：保留打开时的列表，不论之前显示的是哪个页签。',
    'tabs:tab.close:0': '固定页签不能关闭；关闭页签时也关闭已打开的页签菜单。',
    'tabs:tabs.reset:0': '退出登录清除除固定页签外的所有页签。',
    'menuOpen:menu.refresh:0': '“刷新”通过刷新跳转页重新打开当前页面。',
    'menuOpen:menu.close.others:0': '保留所选页签和固定页签，并显示所选页签。',
    'menuOpen:menu.close.all:0': '只保留固定页签，显示其中最后一个。',
  },
  settings: {
    'device.mobile': '窗口窄于 992 像素时侧栏收起，展开时覆盖在页面上。',
    'device.mobile.sidebarOpened:page.open:0': '在手机上，打开页面后菜单自动关闭。',
  },
  roleMenus: {
    'loadingRole:role.select:0': '后一次选择优先于仍在加载的前一次。',
    'loadingRole:xstate.done.actor.loadRole:0': '目录中已不存在的页面被剔除：它们无法再被授予。',
    'editing:menu.toggle:0': '勾选含明细页的模块、分组或页面时勾选其下所有页面；若已全部勾选，则全部取消。',
    'editing:changes.save:0': '只有勾选与已保存不同的角色才能保存。',
    'editing:changes.discard:0': '放弃修改即恢复上次保存的勾选。',
    'editing:role.select:0': '离开有未保存勾选的角色前先询问。',
    'editing:role.create:0': '新建角色会替换编辑中的角色，因此先询问未保存的勾选。',
    'saving:xstate.error.actor.saveRole:0':
      '保存被拒绝（例如他人先保存了该角色）时保留勾选，不丢失任何内容；重新选择该角色即读取新版本。',
    'deleting:xstate.error.actor.deleteRole:0': '服务器拒绝删除仍有员工使用的角色，以及管理员角色。',
    'creating:form.submit:1': '编码（JS 加 3 位数字，未被占用）、中英文名称和数据范围必填。',
    'creatingRole:xstate.done.actor.createRole:0': '新角色没有任何页面，管理员随后勾选。',
  },
  employeeAdmin: {
    'idle:employee.create:0': '只有账号管理员（拥有角色与菜单页面者）可以新建账号。',
    'idle:employee.edit:0': '只有账号管理员可以编辑账号；表单读取当前版本。',
    'idle:change.undo:0': '撤销最近一次已确认的变更前先询问；只有账号管理员可以撤销。',
    'idle:password.reset:0': '拥有该页面者都可重置他人密码；系统管理员的密码只能由账号管理员重置。',
    'form.submission.open:form.submit:0': '未修改的表单不保存任何内容。',
    'form.submission.open:form.submit:1': '初始密码须符合密码规则：至少 8 位，含字母和数字。',
    'form.submission.saving:xstate.done.actor.saveEmployee:0': '只发送修改过的字段和版本；列表重新读取。',
    'form.submission.saving:xstate.error.actor.saveEmployee:0':
      '被拒绝时保留输入并指出相关字段；版本过期时提示他人已先保存。',
    'form.cities:form.change:0': '选择新的省份后列出其城市，之前选择的城市被清除。',
    'form.companies:company.search:0': '代理商角色隶属于某公司，按名称查找；较新的查询取代较早的。',
    'resetForm:form.submit:1': '临时密码同样须符合密码规则。',
    'resetting:xstate.done.actor.resetPassword:0': '员工下次登录时须修改密码；其现有会话已结束。',
    'undoing:xstate.error.actor.undoChange:0': '只能撤销最近一次已确认的变更，且只能一次。',
  },
  cronJob: {
    'loading:xstate.done.actor.loadJob:0': '任务的运行在排队或进行中时持续跟踪，直到运行结束。',
    'ready:job.runNow:0': '已在排队的运行不会再次请求：一次请求，一次运行。',
    'ready:job.enable:0': '启用后按任务的计划表达式从现在起安排下次运行。',
    'ready.watching:xstate.done.actor.pollRun:1': '运行已结束（或页面在一分钟后停止跟踪）。',
    'switching:xstate.error.actor.switchJob:0': '版本已过期（他人修改了任务）时按服务器的原话提示。',
    'editing:form.submit:0': '发送前检查计划表达式、超时和参数。',
    'saving:xstate.done.actor.saveSchedule:0': '只发送修改过的字段和版本。',
    'saving:xstate.error.actor.saveSchedule:0': '服务器的拒绝显示在其所指字段下方；输入保留。',
  },
  cacheAdmin: {
    'idle:cache.clear:0': '清除缓存只会引起重新读取：下次读取时重新加载数据，因此无需确认。',
  },
  booksCheck: {
    'ready:books.run:0': '核对只读取：无需确认，不修改任何记录。',
  },
  servers: {
    'ready:servers.reload:0': '心跳在更新：刷新即可看到哪些服务器在运行、哪些已停止。',
  },
  ...kitWorkflowDescriptions,
  ...pageWorkflowDescriptions,
  ...businessWorkflowDescriptions,
};
