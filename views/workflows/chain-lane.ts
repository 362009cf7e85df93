import type { ChainStepWords, ChainWords } from '../../machines/viewer/chains.machine';
import type { ChainLane } from '../../machines/viewer/diagram-chains';
import type { Translate } from '../app-context';

/** Who holds a step, in words: the person the configuration names, else the role's enabled employees. */
export function holdersOf(step: ChainStepWords, t: Translate): string {
  if (step.Person) return t('workflows.chains.person', { person: step.Person });
  if (!step.People.length) return t('workflows.chains.nobody');
  const more = step.More ? ` ${t('workflows.chains.more', { count: step.More })}` : '';
  return `${step.People.join('、')}${more}`;
}

/** The chains as the chart draws them in its lane (machines/viewer/diagram-chains.ts). */
export const chainLane = (chains: ChainWords[], t: Translate): ChainLane => ({
  title: t('workflows.chains.title'),
  chains: chains.map((chain) => ({
    when: chain.When,
    steps: chain.Steps.map((step) => ({ role: step.Role, holders: holdersOf(step, t) })),
  })),
});
