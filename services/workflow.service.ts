import type { DecisionOptions, DecisionRequest, DecisionTarget } from '../domain/workflow-decisions';
import { request } from './http.service';

// A decision panel shows a refusal where the decision was taken, so no global toast.
const quiet = { silent: true } as const;

/** Where a record's workflow stands and what the caller may do on it now. */
export const workflowOptions = (target: DecisionTarget) =>
  request<DecisionOptions>('/workflow/options', target, quiet);

/** One command on a record's workflow, with the version the person saw; answers the options after it. */
export const workflowDecide = (body: DecisionRequest) =>
  request<DecisionOptions>('/workflow/decide', body, quiet);
