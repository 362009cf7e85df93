import { request } from './http.service';

/** The owner change command: the opportunity seen (its Version), the new agent, the reason. */
export interface OwnerChange {
  ObjectID: string;
  Version: number;
  AgentID: string;
  ChangeReason: string;
  Remark?: string;
}

export const changeOpportunityOwner = (change: OwnerChange) =>
  request<Record<string, unknown>>('/opportunity/changeOwner', change, { silent: true });
