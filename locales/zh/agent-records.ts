/** What the server says when an agent's record (general distributor, RSP, CCP) is saved with a wrong reference. */
export const agentRecords = {
  problems: {
    carryCcps:
      '仍有 {{count}} 家城市代理以该代理商为供货上级。确认后，这 {{count}} 家城市代理将随该代理商一并迁至{{province}}{{city}}，仍以其为供货上级；各城市代理的城市请随后在其资料中更正',
    creditCodeInvalid: '不是有效的统一社会信用代码，请核对后重新输入',
    notAProvince: '须为地区列表中的省份',
    provinceOutsideScope: '须为您负责范围内的省份',
    supplierNotRsp: '须为该代理商所在省份正常合作的省级代理',
    supplierOnlyCcp: '只有城市代理有供货上级',
    suppliesCcps: '仍有 {{count}} 家城市代理以该代理商为供货上级，须先为它们另选本省的供货上级，才能变更省份',
  },
};
