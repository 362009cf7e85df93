import { request } from './http.service';

/** One agent taking part in an opportunity, with its role in the deal (商机渠道管理). */
export interface OpportunityParticipant {
  ObjectID: string;
  AgentName: string;
  /** A code of the channel-type dictionary (RSP, CSP, ASP, CCP); none for a registrant without one. */
  ParticipantRole: string | null;
  /** The agent that registered the deal, its owner. */
  Registrant: boolean;
}

/** The agents of a deal and whether the caller may keep them now (the server's rule, as its commands apply it). */
export interface OpportunityParticipants {
  canKeep: boolean;
  rows: OpportunityParticipant[];
}

/** The agents of an opportunity the caller sees, the registering agent first. */
export const fetchOpportunityParticipants = (opportunityId: string) =>
  request<OpportunityParticipants>(
    '/opportunityParticipant/ofOpportunity',
    { OpportunityID: opportunityId },
    { silent: true },
  );

/** Adds an agent (by the name the customer picker puts in) with its role in the deal. */
export const addOpportunityParticipant = (body: {
  OpportunityID: string;
  AgentName: string;
  ParticipantRole: string;
}) => request<OpportunityParticipant>('/opportunityParticipant/create', body, { silent: true });

export const changeParticipantRole = (body: { ObjectID: string; ParticipantRole: string }) =>
  request<OpportunityParticipant>('/opportunityParticipant/modify', body, { silent: true });

export const removeOpportunityParticipant = (id: string) =>
  request<{ deleted: number }>('/opportunityParticipant/delete', { ids: [id] }, { silent: true });
