import { approvalDeclaration } from './approval.workflow';
import { customerChangeDeclaration } from './customer-change.workflow';
import type { WorkflowDeclaration } from './declaration';
import { registrationDeclaration } from './registration.workflow';

/**
 * Every event-sourced workflow, declared once (docs/workflows.md): the server's engine and decision
 * layer, the viewer, the seed and the model tests all read this list. Adding a workflow is one line.
 */
export const workflowDeclarations: readonly WorkflowDeclaration[] = [
  approvalDeclaration,
  registrationDeclaration,
  customerChangeDeclaration,
];

const byName = new Map(workflowDeclarations.map((d) => [d.name, d]));

/** The declaration of a workflow, or undefined for a name nobody declared. */
export const findWorkflow = (name: string) => byName.get(name);

export function workflowDeclaration(name: string): WorkflowDeclaration {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown workflow ${name}`);
  return found;
}
