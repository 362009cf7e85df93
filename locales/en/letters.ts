import type { letters as zh } from '../zh/letters';

/** Commitment letters and the configured-product catalogue (CPQ): see zh/letters.ts. */
export const letters: typeof zh = {
  decision: {
    title: 'Commitment letter approval',
    commands: {
      agree: 'Agree',
      countersign: 'Send to legal/service co-sign',
      stamp: 'Stamped',
      confirm: 'Confirm receipt',
      revoke: 'Revoke',
      resubmit: 'Resubmit',
      withdraw: 'Withdraw',
    },
    states: {
      businessApproval: 'Awaiting business approval',
      complianceReview: 'Compliance review',
      countersign: 'Legal/service co-sign',
      oaPending: 'In OA approval',
      toStamp: 'To stamp',
      stamped: 'Stamped',
      done: 'Done',
      returned: 'Returned',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
      revoked: 'Revoked',
    },
  },
  guards: {
    isBusinessApprover: 'the province manager (business approval)',
    isComplianceReviewer: 'sales operations (compliance review)',
    isCountersigner: 'legal and service (co-sign)',
    isOaDesk: 'sales operations (records the OA result)',
    isSealKeeper: 'sales operations (seal keeper)',
    isRevoker: 'sales operations or the administrator',
    hasStandardWording: 'the wording is the standard one (not marked non-standard)',
  },
  problems: {
    notProtected: 'A letter is requested only for a protected (or at-risk) opportunity',
    noSuchOpportunity: 'No such opportunity within your data scope',
    scanRequired: 'Upload the stamped scan first',
  },
  errors: {
    activeExists:
      'Tender {{tender}} already has an active "{{type}}" letter {{no}} for this brand: one active letter of each type per tender number and brand',
    immutable:
      'Letter {{no}} is being stamped or is stamped and cannot change: revoke it and issue a new one',
    notEditable: 'Letter {{no}} is in approval; it can be changed only once returned',
    scanOnly: 'A letter waiting for the stamp takes only the stamped scan, uploaded by the seal keeper',
    needsCountersign: 'Letter {{no}} has non-standard wording and must be co-signed by legal and service',
    notRevoked: 'Only a revoked letter can be issued anew',
  },
  cpq: {
    tokenIssued: 'Configurator token issued',
  },
};
