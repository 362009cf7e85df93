import { readableId } from '../../machines/viewer/plan-words';
import type { SimPerson, SimSetup } from '../../machines/viewer/simulator';
import { commandOfEvent } from '../../machines/workflows/declaration';
import { findWorkflow } from '../../machines/workflows/registry';
import type { Translate } from '../app-context';
import { roleWords } from './history-words';

/** A role of the simulator in words: an employee's role, the applicant, the page's user, the system. */
export const simRoleWords = (t: Translate, role: string) =>
  role === 'user' ? t('workflows.paths.user') : roleWords(t, role);

/**
 * A person of the example: their role and their place in it ("finance 2"), the applicant marked; the page's
 * user and the system by their role alone.
 */
export function personWords(t: Translate, setup: SimSetup, person: SimPerson | undefined): string {
  if (!person) return '';
  const role = simRoleWords(t, person.role);
  if (!person.actor) return role;
  const many = setup.people.filter((p) => p.role === person.role).length > 1;
  const name = many ? t('workflows.sim.personOf', { role, n: person.n }) : role;
  return person.applicant ? t('workflows.sim.applicant', { person: name }) : name;
}

/** A payload field as the decision dialog labels it: the command's own reason, the colleague, a field. */
export function fieldWords(t: Translate, machineId: string, type: string, key: string): string {
  const first = (keys: string[]) => keys.map((k) => [k, t(k)]).find(([k, text]) => text !== k)?.[1];
  const declaration = findWorkflow(machineId);
  const command = declaration && commandOfEvent(declaration, type);
  if (key === 'reason')
    return first([`decision.reasonOf.${machineId}.${command}`, 'decision.fields.reason']) ?? readableId(key);
  return first([`decision.fields.${key}`]) ?? readableId(key);
}
