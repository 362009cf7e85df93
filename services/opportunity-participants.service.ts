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

/** The agents of an opportunity the caller sees, the registering agent first. */
export const fetchOpportunityParticipants = (opportunityId: string) =>
  request<OpportunityParticipant[]>(
    '/opportunityParticipant/ofOpportunity',
    { OpportunityID: opportunityId },
    { silent: true },
  );
