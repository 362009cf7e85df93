/** The business rules of the shared kit's charts (lists, records, pickers, files, decisions), in Chinese (keys as in workflow-descriptions.ts). */
export const kitWorkflowDescriptions: Record<string, Record<string, string>> = {
  table: {
    'lookups.failed': '显示代码而非文字；表格照常可用。短暂的失败会自动重试几次，刷新时再次读取。',
    'data.confirmingDelete': '删除前先确认。',
    'data.ready:page.change:0': '翻页后表格滚回顶部（800 毫秒）。',
    'data.loading': '加载中更改查询条件、排序或每页条数时，按新的条件从第 1 页重新读取，丢弃正在返回的结果。',
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
    confirming:
      '对话框提出被拒保存的问题：确认后带上所确认的内容（所问的数目，数目变了会再问）重新发送同一次保存；取消则不发送。',
    'saving:xstate.error.actor.saveRecord:0':
      '保存要一并带动其他记录（代理商连同其城市代理迁移）时，服务器先问：问题交给用户，所有输入保留。',
    'saving:xstate.error.actor.saveRecord:1':
      '服务器拒绝了某个字段：其提示在该字段下方显示一次，所有输入保留。',
    'saving:xstate.error.actor.saveRecord:2': '保存被拒绝（版本已过期）时保留所有输入；提示显示一次。',
  },
  picker: {
    'picker:mode.change:0': '页面切换到查看模式时关闭其选择框，之后保持关闭。',
    'picker:params.change:0': '表单改变了搜索的筛选条件（CPU 选择框：已选的型号），下一次搜索按新条件进行。',
    'closed:picker.open:0':
      '查看模式下选择框只读：不会打开。可多选的选择框再次打开时，字段中已有的选择保持勾选。',
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
};
