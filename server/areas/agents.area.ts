import { agreementFiles } from '../agreements/agreement-files.job';
import { afterAgentRecordWrite } from '../customers/agent-record.rules';
import { ccpSupplierInvariants } from '../customers/ccp-supplier.invariants';
import { creditLimitInvariants } from '../customers/credit-limit.invariants';
import { creditLimitChangeHooks } from '../customers/credit-limit-change.hooks';
import { customerStorages } from '../customers/customer.storage';
import { customerChangeHooks } from '../customers/customer-change.hooks';
import { renewalReminders } from '../jobs/renewal-reminders.job';
import { registrationHooks } from '../registration/registration.hooks';
import { rowAwaitsCaller } from '../resources/search';
import { afterTemplateWrite } from '../resources/templates';
import { afterChainConfigWrite } from '../workflows/chain-config';
import { type AreaParts, defineArea, stored } from './area';

/** Agents: registration, applications, agreements and their templates, approval chains. */
export const agentsArea = defineArea(
  'agents',
  (): AreaParts<'agents'> => ({
    resources: {
      // A credit-limit request's row says whom its stream waits for: finance, or the asker once returned.
      ...stored(customerStorages, {
        // An agent's record names its credit code, region, managers and supplier: each checked on save.
        customer: { afterWrite: afterAgentRecordWrite },
        creditLimitRequest: { awaiting: { creditLimitChange: rowAwaitsCaller } },
      }),
      agreementTemplate: { afterWrite: afterTemplateWrite },
      // Approval chains are configuration an administrator sets up; random approvers would stall applications.
      customerProcessConfig: { afterWrite: afterChainConfigWrite, demo: 'story' },
      // Registrations come in through the public form and their review.
      registrationInfo: { demo: 'story' },
    },
    workflows: {
      registration: registrationHooks,
      customerChange: customerChangeHooks,
      creditLimitChange: creditLimitChangeHooks,
    },
    jobs: { renewalReminders, agreementFiles },
    // Credit limits follow their approved requests; a CCP's supplier is an RSP of its province.
    invariants: { ...creditLimitInvariants, ...ccpSupplierInvariants },
  }),
);
