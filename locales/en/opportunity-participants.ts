/** Refusals of the agents of a deal (商机渠道管理). */
export const participantMessages = {
  participantRole: 'Must be one of the opportunity channel types: RSP, CSP, ASP, CCP',
  participantNotAgent: 'Choose an agent in cooperation within your scope',
  participantIsRegistrant: 'This agent registered the opportunity and already takes part in it',
  participantTaken: 'This agent already takes part in the opportunity; change its role instead',
  participantRegistrant:
    'The registering agent’s role is its channel type; it changes only with an owner change',
  participantFixed:
    'Once added, only the role changes; to name another agent or opportunity, remove this one and add it',
  participantsClosed: 'Opportunity {{no}} is {{state}}: its agents can no longer change',
};
