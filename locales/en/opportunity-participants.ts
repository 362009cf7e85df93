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

/** The agents of a deal on its page: listed for whoever sees it, kept there by whoever keeps the deal. */
export const opportunityParticipants = {
  title: 'Agents taking part',
  add: 'Add agent',
  save: 'Save role',
  remove: 'Remove',
  actions: 'Actions',
  removeTitle: 'Remove an agent taking part',
  removeConfirm: 'Remove {{name}} from the agents taking part in this opportunity?',
  confirm: 'Remove',
  cancel: 'Cancel',
};
