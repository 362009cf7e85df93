import { fromPromise } from 'xstate';
import {
  type ApplyRequest,
  type CustomerApplications,
  customerApplications,
  sendApplication,
} from '../../services/customer-workflow.service';
import { customerWorkflowMachine } from './customer-workflow.machine';

/** The customer-workflow panel wired to the /customer application calls. */
export const customerWorkflowLogic = customerWorkflowMachine.provide({
  actors: {
    loadApplications: fromPromise<CustomerApplications, string>(({ input }) => customerApplications(input)),
    submit: fromPromise<unknown, ApplyRequest>(({ input }) => sendApplication(input)),
  },
});
