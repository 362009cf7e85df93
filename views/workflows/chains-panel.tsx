import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { type ChainStepWords, chainsMachine } from '../../machines/viewer/chains.machine';
import type { ChainLane } from '../../machines/viewer/diagram-chains';
import { findWorkflow } from '../../machines/workflows/registry';
import { useT } from '../app-context';
import { chainLane, holdersOf } from './chain-lane';

function StepHolders({ step }: { step: ChainStepWords }) {
  const t = useT();
  return (
    <span className={step.Person || step.People.length ? '' : 'wf-chain-nobody'}>{holdersOf(step, t)}</span>
  );
}

/**
 * The approval chains a workflow's configuration holds now, beside its chart (and drawn on it, in a
 * lane under its states, through `onChains`): when each applies, its
 * steps in order with their role and the people who decide — the chart's "current approver" made
 * concrete. A workflow whose chain is not configurable says so; the approval template says why it has
 * neither a chain nor a plan.
 */
export function ChainsPanel({
  workflow,
  onChains,
}: {
  workflow: string;
  /** The chains as they load, for the chart to draw them too (none while loading, or where none). */
  onChains?: (lane?: ChainLane) => void;
}) {
  const t = useT();
  const actor = useActorRef(chainsMachine, { input: { workflow } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const chains = useSelector(actor, (s) => s.context.chains);
  const failure = useSelector(actor, (s) => s.context.failure);
  useEffect(() => {
    if (!busy) onChains?.(chains?.length ? chainLane(chains, t) : undefined);
  }, [busy, chains, t, onChains]);
  return (
    <section className="wf-chains" aria-label={t('workflows.chains.title')}>
      <header>
        <h4>{t('workflows.chains.title')}</h4>
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          aria-label={t('workflows.chains.reload')}
          disabled={busy}
          onClick={() => actor.send({ type: 'chains.reload' })}
        />
      </header>
      {busy ? (
        <p>{t('workflows.chains.loading')}</p>
      ) : failure ? (
        <p role="alert">{t('workflows.chains.failed', { message: failure })}</p>
      ) : chains === null ? (
        // A template no page starts says why it has neither a chain nor a plan, not merely "none".
        <p>{t(findWorkflow(workflow)?.template ? 'workflows.chains.template' : 'workflows.chains.none')}</p>
      ) : chains.length === 0 ? (
        <p role="alert">{t('workflows.chains.empty')}</p>
      ) : (
        <>
          <p className="wf-hint">{t('workflows.chains.hint')}</p>
          <ul>
            {chains.map((chain, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a chain has no id; the list is replaced whole.
              <li key={i}>
                <strong>{chain.When}</strong>
                <ol>
                  {chain.Steps.map((step, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and replaced whole.
                    <li key={n}>
                      <span className="wf-chain-role">{step.Role}</span> <StepHolders step={step} />
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
