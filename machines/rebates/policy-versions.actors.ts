import { fromPromise } from 'xstate';
import {
  draftPolicyVersion,
  fetchPolicyVersions,
  type PolicyVersions,
} from '../../services/rebate-policy.service';
import { policyVersionsMachine } from './policy-versions.machine';

/** A policy's versions wired to /rebateAnnouncement/versions and /newVersion. */
export const policyVersionsLogic = policyVersionsMachine.provide({
  actors: {
    loadVersions: fromPromise<PolicyVersions, { objectId: string; lang: string }>(({ input }) =>
      fetchPolicyVersions(input.objectId, input.lang),
    ),
    draftVersion: fromPromise<{ ObjectID: string }, string>(({ input }) => draftPolicyVersion(input)),
  },
});
