import type { agentRecords as zh } from '../zh/agent-records';

export const agentRecords: typeof zh = {
  problems: {
    carryCcps:
      '{{count}} CCP(s) name this agent as their supplying agent. Once you confirm, these {{count}} CCP(s) move with it to {{city}}, {{province}}, still supplied by it; correct each CCP’s city on its own record afterwards',
    creditCodeInvalid: 'is not a valid unified social credit code; check it and enter it again',
    notAProvince: 'must be a province of the region list',
    provinceOutsideScope: 'must be a province you are responsible for',
    supplierNotRsp: "must be an active RSP of the agent's province",
    supplierOnlyCcp: 'only a CCP has a supplying agent',
    suppliesCcps:
      '{{count}} CCP(s) still name this agent as their supplying agent; give them another supplier of their province before moving it',
  },
};
