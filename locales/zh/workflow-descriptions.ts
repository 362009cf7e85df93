import { businessWorkflowDescriptions } from './workflow-descriptions-business';

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
  table: {
    'lookups.failed': '显示代码而非文字；表格照常可用。短暂的失败会自动重试几次，刷新时再次读取。',
    'data.confirmingDelete': '删除前先确认。',
    'data.ready:page.change:0': '翻页后表格滚回顶部（800 毫秒）。',
    'data.ready:size.change:0': '修改每页条数后从第 1 页开始。',
    'data.ready:rows.delete:1': '批量删除时未勾选任何行：提示请先选择一行。',
    'data.ready:cell.edit:0': '已锁定的行（已同步、已审批等）不能编辑。',
    'data.deleting:xstate.done.actor.deleteRows:0': '删除一页的最后几行后显示前一页。',
    'data.savingCell:xstate.done.actor.saveCell:0': '保存后的行原位替换旧行，并提示已更新。',
    'data.savingCell:xstate.error.actor.saveCell:0': '保存被拒绝时保留输入的值，以便更正。',
  },
  record: {
    viewing: '查看模式：所有字段和选择框都只读。',
    'loadingLookups:xstate.error.actor.loadDictionaries:0': '显示代码而非文字；记录照常加载。',
    'editing:record.reload:0':
      '页面上的审批操作改变了服务器上的记录：重新读取，表单显示审批结果，下次保存带上新版本。',
    'editing:form.submit:0': '没有修改：不发送任何内容。',
    'editing:form.submit:2':
      '必填字段为空（提示“某某为必填项”），或数字、日期、编码输入有误：每个问题显示在其字段下方，不发送任何内容。',
    'saving:xstate.done.actor.saveRecord:1': '已保存：服务器的回答成为新的原始值，并提示已更新。',
    'saving:xstate.error.actor.saveRecord:0':
      '服务器拒绝了某个字段：其提示在该字段下方显示一次，所有输入保留。',
    'saving:xstate.error.actor.saveRecord:1': '保存被拒绝（版本已过期）时保留所有输入；提示显示一次。',
  },
  picker: {
    'picker:mode.change:0': '页面切换到查看模式时关闭其选择框，之后保持关闭。',
    'picker:params.change:0': '表单改变了搜索的筛选条件（CPU 选择框：已选的型号），下一次搜索按新条件进行。',
    'closed:picker.open:0': '查看模式下选择框只读：不会打开。',
    'closed:value.clear:0': '清空也是一种修改，因此只读的选择框也不能清空。',
    'open:picker.close:0': '关闭时清除关键字、页码和勾选。',
    'open.ready:search.submit:0': '新关键字从第 1 页开始。',
    'open.ready:page.change:0': '选择框每页条数：一般 10 条，公司选择 20 条，处理器对话框 50 条。',
    'open.ready:selection.change:0': '单选的选择框只保留最后选中的一行。',
    'open.ready:selection.confirm:0': '未选择任何内容就确认：提示尚未选择，对话框保持打开。',
    'open.ready:selection.confirm:1': '选中的记录回填到表单；字段显示的是其文字。',
    'open.ready:selection.confirm:2': '选择框的回填配置没有返回记录：属于配置错误，显示配置错误提示。',
  },
  upload: {
    settling: '每次操作后列表所处的状态：空、全部已上传，或有上传失败的文件。',
    idle: '尚无文件。',
    done: '列表中的文件都已上传。',
    failed: '有文件上传失败；该行一直显示失败，直到被移除。',
    uploading: '一次上传一个文件，按选择顺序；其间可以继续选择文件。',
    confirmingDelete: '删除确认',
    'idle:files.select:0':
      '逐个检查所选文件：数量上限、格式、大小、同名同大小的重复文件。被拒绝的文件显示原因并排除，其余排队上传。',
    'done:files.select:0':
      '逐个检查所选文件：数量上限、格式、大小、同名同大小的重复文件。被拒绝的文件显示原因并排除，其余排队上传。',
    'done:file.delete:0': '删除已上传的文件前先确认。',
    'failed:files.select:0':
      '逐个检查所选文件：数量上限、格式、大小、同名同大小的重复文件。被拒绝的文件显示原因并排除，其余排队上传。',
    'failed:file.delete:0': '删除已上传的文件前先确认。',
    'failed:file.delete:1': '失败的行只在页面上：直接移除，不询问服务器。',
    'uploading:upload.fail:0': '服务器回答状态不为成功即视为失败：提示上传失败并报告上传错误。',
    'downloading:xstate.error.actor.resolveDownload:0': '提示下载失败',
  },
  export: {
    coolingDown: '导出成功后按钮锁定 30 秒，按钮上显示倒计时。',
    'exporting:xstate.done.actor.runExport:0': '同步导出未返回下载地址：提示地址为空，不进入冷却。',
    'exporting:xstate.done.actor.runExport:1': '文件已就绪：在当前窗口打开其地址即开始下载。',
    'exporting:xstate.done.actor.runExport:2': '后台导出：提示导出已开始；文件出现在导出日志中。',
    'exporting:xstate.error.actor.runExport:0': '导出被拒绝时显示服务器的提示，可立即重试。',
    'export:export.progress:0': '后台导出已完成这一比例的行：按钮下的进度条随之前进。',
    'export:export.finished:0': '文件已在导出日志中就绪：进度条消失并提示用户。',
    'export:export.finished:1': '后台导出失败：进度条消失，提示用户查看导出日志。',
  },
  import: {
    'upload.sending:import.done:0': '所有行都通过并已写入：列表显示这些行',
    'upload.sending:import.done:1': '部分行被拒绝：不写入任何内容，逐行显示原因',
  },
  exportLog: {
    'open.shown': '记录已显示：可重新读取、翻页、下载已完成的文件。',
    'open.shown.watching': '有导出任务进行中时，日志每 2 秒刷新一次，显示进度。',
    'open.loading:xstate.done.actor.fetchLog:0': '日志页数少于所请求的页码：改为显示最后一页。',
    'open.downloading:xstate.error.actor.fetchFile:0': '下载失败时提示下载失败。',
  },
  companyLookup: {
    'open.fallback': '打开工商查询和手工录入，关闭本地查询，直到对话框关闭。',
    'open.recording': '先保存公司信息；保存回答前不开始其他操作。',
    'closed:lookup.open:0': '查看模式下不可用。',
    'open:lookup.close:0': '关闭对话框即重置查询。',
    'open.local.searching:xstate.done.actor.searchLocal:1':
      '本地未找到：提示本地无结果，打开工商查询和手工录入，关闭本地查询。',
    'open.local.results:local.choose:0': '本地已有的客户直接填入表单，无需保存公司信息。',
    'open.fallback:manual.start:0': '手工录入时从关键字开始，提示填写客户全称。',
    'open.fallback.manualEntry:manual.confirm:1': '客户全称必填，且至少 4 个字。',
  },
  decision: {
    unavailable: '无法读取可用操作（不在数据范围内或流程不存在）：重新读取前不提供任何操作。',
    ready: '只提供服务器此刻允许此人执行的操作，别无其他。',
    asking: '对话框指出每个缺少或有误的字段；改正前不发送。',
    'loading:xstate.done.actor.loadOptions:0': '保留最先找到的流程实例：审批后仍显示这一条，而非下一条待办。',
    'ready:command.choose:0': '无需填写内容的操作（同意、重新提交、签署）立即发送。',
    'ready:command.choose:1': '签到时由浏览器提供位置，而非由人填写：没有对话框。',
    'ready:command.choose:2':
      '驳回和退回需填写理由，撤回可填理由，转交需选择本步骤角色的同事，借货归还或转销售需填写每行数量。',
    'asking:amount.change:0': '异议提出的替代数字，与理由在同一对话框中填写。',
    'asking:date.change:0': '展期给出的新到期日，在对话框中选择。',
    'asking:lossReason.change:0': '输单需从输单原因中选择一项。',
    'asking:position.change:0': '浏览器无法提供位置时，签到位置按经纬度手工填写。',
    'asking:colleague.pick:0': '从本步骤所等待角色的在职员工中选择。',
    'asking:line.change:0': '某行尚未完成的数量，归还时还要填写验货结果。',
    'asking:dialog.confirm:1':
      '需要时填写理由（最多 500 字）、转交对象、各行尚未完成的数量，且不超过未完成数。',
    'locating:xstate.done.actor.locate:0': '浏览器报告的位置及其精度随操作一并发送。',
    'locating:xstate.error.actor.locate:0': '浏览器不允许或无法提供位置：告知原因，不发送任何内容。',
    'submitting:xstate.done.actor.decide:0':
      '已审批：回答即审批后的可用操作，按钮随之变化；提示用户，记录页重新读取记录。',
    'submitting:xstate.error.actor.decide:0':
      '被拒绝（版本已过期——他人已先审批——、不是你的步骤、转交给其他角色的同事）：服务器的提示留在面板上，并重新读取可用操作。',
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
  workflowViewer: {
    'preparing:words.set:0': '布局过程中读者切换了语言：用新语言重新布局。',
    'shown:words.set:0': '读者切换了语言：用新语言重新布局并适应面板。',
    'workflowViewer:mode.change:0': '在状态机列表与实时状态之间切换时，从空白画布开始。',
    'workflowViewer:highlight.set:0': '回放或实时状态前进了一步：将其当前状态移入视野。',
    'workflowViewer:zoom.out:0': '缩小到整张图都在视野内为止。',
    'workflowViewer:panel.resize:0': '已适应面板的图随面板尺寸重新适应；分析人员手动选择的缩放保持不变。',
    'preparing:xstate.done.actor.prepareDiagram:0': '新打开的图整张适应面板，初始状态在视野内。',
    'shown:direction.toggle:0': '自上而下适合层级深的图，自左向右适合宽的图；重新计算布局。',
  },
  processHistory: {
    'browsing:streams.search:0': '新的搜索从第一页开始。',
    'loadingHistory:xstate.done.actor.loadHistory:0': '回放从第一步打开，从头阅读整个过程。',
    'loadingHistory:xstate.done.actor.loadHistory:1': '其他流程的实例不能用本状态机回放。',
  },
  registrationForm: {
    'form.validating': '检查每个字段：缺少的提示“某某为必填项”，统一社会信用代码有误时指明。',
    'form.failed': '显示服务器给出的原因；所有输入保持不变。',
    'form.submitted': '申请已有编号；申请人可在进度页面跟踪。',
    'regions.unavailable': '省份列表无法加载；申请人可以重试。',
    'form.editing:company.pick:0': '选中的工商企业自动填入名称、统一社会信用代码和法定代表人。',
  },
  registrationProgress: {
    asking: '用注册编号（可从链接预填）和联系电话查找申请。',
    confirmingWithdrawal: '撤回不可恢复，因此申请人须先确认。',
    'loading:xstate.error.actor.fetchProgress:0': '编号或电话有误时只提示没有匹配的申请，不透露其他信息。',
    'shown:supplement.submit:0': '重新提交后，审核以同一编号从第一步重新开始。',
    'shown:withdraw.ask:0': '只在服务器表示申请人可以撤回时提供。',
    'withdrawing:xstate.done.actor.withdraw:0': '页面随后显示申请已撤回。',
    'withdrawing:xstate.error.actor.withdraw:0': '被拒绝（例如审核人已在此期间作出决定）：显示原因。',
  },
  customerWorkflow: {
    unavailable: '无法读取列表：重新读取前不提供任何操作。',
    ready: '只提供服务器列为可发起的申请类型（已有进行中的申请时不提供）。',
    editing: '对话框指出每个有误的字段；全部改正前不发送。',
    'ready:apply.start:0': '每种申请都打开对话框：填写内容，或确认。',
    'ready:panel.reload:0': '对进行中申请的操作已执行或被拒绝：重新读取列表。',
    'editing:dialog.confirm:1': '暂停和列入黑名单须填写理由，期限 180–3650 天，合同期 12/24/36 个月。',
    'submitting:xstate.done.actor.submit:0': '完成：重新读取列表和记录。',
    'submitting:xstate.error.actor.submit:0':
      '被拒绝（规则限制，或他人刚发起了申请）：显示原因并重新读取列表。',
  },
  creditLimitPanel: {
    unavailable: '无法读取授信额度：重新读取前不提供任何操作。',
    ready: '只在服务器表示可以发起或修改申请时提供按钮。',
    editing: '对话框指出每个有误的字段；全部改正前不发送。',
    'submitting:xstate.done.actor.sendCreditLimit:0': '已提交财务：重新读取面板和记录。',
    'submitting:xstate.error.actor.sendCreditLimit:0':
      '被拒绝（字段有误，或他人刚发起了申请）：原因留在对话框中。',
  },
  ownCompany: {
    shown: '本公司信息（只读），以及其员工可以发起的申请。',
    noCompany: '该账号不属于任何代理商公司：没有可显示的内容。',
  },
  errorRetry: {
    failing: '只有仍失败的行才重新处理：按原样，或改正其数据后。',
    settled: '已被处理（由重新处理，或之后的拉取再次带来该行）：无需操作。',
  },
  orderEntryApproval: {
    'asking:xstate.error.actor.0.orderEntryApproval.asking:0': '未得到答复：不提供提交，订单仍可保存为草稿。',
  },
  orderLines: {
    'showing:lines.edit:0': '草稿或被退回的订单：已保存的明细按保存时的价格转为可编辑的明细。',
    showing: '已保存的订单：显示服务器计价后的明细；订单通过变更流程修改。',
    typing:
      '新订单：从标准价目表选择产品，数量为整数，只在价格不同时填写单价；保存订单时服务器重新为每行计价。',
  },
  opportunityItems: {
    ready: '服务器保存的商机产品；商机开放期间由其归属方修改。',
    saving: '每次修改作为一条命令发送；被拒绝时显示原因（字段或商机状态），不做任何修改。',
  },
  ownerChange: {
    done: '归属已变更并记入商机转移记录；页面重新读取后显示新的归属代理商。',
  },
  orderChangeLines: {
    choosing: '新变更：在表单中输入订单号，然后读取其明细。',
    showing: '已提交的变更（或详情页）：按现状显示明细和历史。',
    'editing:row.remove:0': '删除订单原有行（可恢复）；删除变更新增的行则直接去掉。',
    'editing:row.add:0':
      '新行：标准价目表中的产品，默认一件、标准价，另填单价者除外（服务器按下单规则检查）。',
  },
  orderApprovalPage: {
    'shown:order.submit:0': '未曾提交的草稿；已提交的在审批面板中处理。',
    'submitting:xstate.error.actor.0.orderApprovalPage.submitting:0':
      '被拒绝（信用额度、无匹配金额区间、期间已被修改）：原因留在页面上。',
  },
  specialPricePage: {
    pricing: '输入产品的标准渠道价；未知产品留空。',
    'sending:xstate.error.actor.0.specialPricePage.sending:0':
      '被拒绝（商机未受保护、数量超出、期间已被修改）：原因留在页面上。',
  },
  cpqPicker: {
    'open.loadingChildren': '刚选中分类的下级分类填入下一层。',
    'open.pricing': '所选配置按配置层级计价后交回。',
  },
  shipmentForm: {
    choosing: '输入订单号，然后读取订单。',
    editing: '每个未完成的行：本次发货数量（不超过未完成数），产品每件一个序列号。',
    'loading:xstate.error.actor.0.shipmentForm.loading:0':
      '不在调用者的数据范围内、未生效，或不该由调用者发货。',
    'editing:shipment.submit:1': '未选择任何行，或有服务器会拒绝的行：各行说明原因。',
    'shipping:xstate.done.actor.0.shipmentForm.shipping:0': '已出库：重新读取订单，显示尚未发货的部分。',
    'shipping:xstate.error.actor.0.shipmentForm.shipping:0':
      '被拒绝（序列号已发过货、订单期间已被修改）：原因保留。',
  },
  loanSerials: {
    editing: '每行的序列号（每件一个，每行一个），显示已保存的或正在输入的；修改后清除上次的拒绝原因。',
    saving: '所有行连同看到的版本一起提交；服务器按发货的规则检查并指明出错的行，返回保存后的借货单。',
  },
  shipmentReceipt: {
    shown: '服务器判断此人此刻能否答复：等待签收时，由代理商员工或销售运营答复。',
    reporting: '签收异常（损坏、短缺）须说明问题所在；处理结果须说明处理方式。',
    'shown:resolution.open:0': '销售运营处理已报告的异常（换货、赔偿）：之后视为已签收。',
  },
  deliveryInfo: {
    'shown:address.use:0': '只在订单仍有未发货部分时。',
    'shown:info.confirm:0': '尚未确认或确认后又有修改，且仍有未发货部分。',
  },
  policyVersions: {
    shown: '服务器判断此人此刻能否起草新版本：已发布或已生效、且没有未发布新版本的政策，由录入政策的人起草。',
  },
  rspSti: {
    shown: '总部（渠道部、高管、管理员）可以计算；能打开该行的人都能看到数字。',
  },
  ...businessWorkflowDescriptions,
};
