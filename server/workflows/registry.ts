import type { AnyStateMachine } from 'xstate';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';
import { customerChangeWorkflow } from '../../machines/workflows/customer-change.workflow';
import { registrationWorkflow } from '../../machines/workflows/registration.workflow';

/** The workflows the server runs: each a pure machine from machines/workflows, replayed per stream. */
export const workflows: Record<string, AnyStateMachine> = {
  approval: approvalWorkflow,
  registration: registrationWorkflow,
  customerChange: customerChangeWorkflow,
};

export function workflowMachine(name: string): AnyStateMachine {
  const machine = workflows[name];
  if (!machine) throw new Error(`Unknown workflow ${name}`);
  return machine;
}
