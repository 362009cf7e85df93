/** Agreements filled from the enabled template when an agent signs (server/agreements). */
export const agreements = {
  errors: {
    unknownPlaceholders: '模板中有系统无法填写的占位符：{{names}}。可用的占位符：{{known}}',
    unreadable: '模板文件无法读取，请上传 Word（.docx）文件并检查占位符的花括号：{{problem}}',
    notFound: '签约协议不存在或无权查看',
  },
  problems: {
    noTemplate: '签约时该类型没有启用的协议模板',
    notWord: '启用的协议模板不是 Word（.docx）文件，无法填写',
    templateMissing: '协议模板文件已不在存储中',
    unreadable: '协议模板无法填写：{{problem}}',
  },
  kinds: { registration: '首次签约', renewal: '续签', conversion: '类型转换' },
  // Without its extension: the Word file and its PDF are named alike.
  fileName: '{{type}}-{{agent}}-{{no}}',
  job: {
    title: { name: '签约协议生成', group: '代理商' },
    handler:
      '用签约时启用的协议模板和代理商资料生成签约协议（Word 文件），服务器装有 LibreOffice 时另生成 PDF，均存为代理商的附件',
    message:
      '生成签约协议 {{generated}} 份、PDF {{pdfs}} 份；无法生成协议 {{failed}} 份、PDF {{pdfsFailed}} 份',
  },
};
