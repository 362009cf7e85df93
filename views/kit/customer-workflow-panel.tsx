import '../styles/customer-workflow.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { customerWorkflowLogic } from '../../machines/customers/customer-workflow.actors';
import { CHANGE_KINDS } from '../../machines/workflows/customer-change.rules';
import { useT } from '../app-context';
import { CreditLimitPanel } from './credit-limit-panel';
import { CustomerApplicationItem } from './customer-application-item';
import { CustomerWorkflowDialog } from './customer-workflow-dialog';
import { DecisionButtons, WithDecision } from './decision-actions';
import type { DecisionActor } from './decision-dialog';
import { useNoticeToasts } from './use-notice-toasts';
import type { WorkflowPanelProps } from './workflow-panel';

type Panel = ActorRefFrom<typeof customerWorkflowLogic>;

/**
 * An agent's applications and what this person may do on them now (docs/customer-workflows.md): new
 * applications through the customer-workflow statechart, decisions on the newest application — the
 * open one, when one is open — through the decision statechart of its stream.
 */
export function CustomerWorkflowPanel({ workflow, objectId, onDecided }: WorkflowPanelProps) {
  const panel = useActorRef(customerWorkflowLogic, { input: { objectId } });
  const newest = useSelector(panel, (s) => s.context.overview?.Applications[0]?.ApplicationID);
  const latest = useRef({ onDecided });
  latest.current = { onDecided };

  useNoticeToasts(panel);
  useEffect(() => {
    const sub = panel.on('changed', () => latest.current.onDecided());
    return () => sub.unsubscribe();
  }, [panel]);

  // The agent's credit limits change by a request of their own, shown beside the applications.
  const credit = <CreditLimitPanel objectId={objectId} onChanged={() => latest.current.onDecided()} />;
  if (!newest)
    return (
      <>
        <ApplicationsPanel panel={panel} />
        {credit}
      </>
    );
  const reload = () => panel.send({ type: 'panel.reload' });
  return (
    <>
      {/* Keyed by the stream, so a refusal stays on screen while the list reloads around it. */}
      <WithDecision
        key={newest}
        input={{ workflow, objectId, streamId: newest }}
        outcome={{
          decided: () => {
            reload();
            latest.current.onDecided();
          },
          refused: reload,
        }}
      >
        {(decision) => <ApplicationsPanel panel={panel} decision={decision} />}
      </WithDecision>
      {credit}
    </>
  );
}

function ApplicationsPanel({ panel, decision }: { panel: Panel; decision?: DecisionActor }) {
  const t = useT();
  const overview = useSelector(panel, (s) => s.context.overview);
  const busy = useSelector(panel, (s) => s.hasTag('busy'));
  const applying = useSelector(panel, (s) => (s.matches('submitting') ? s.context.pending : undefined));
  const failure = useSelector(panel, (s) => (s.matches('unavailable') ? s.context.error : undefined));
  const refusal = useSelector(panel, (s) => s.context.refusal);
  const deciding = useSelector(decision, (s) => s?.hasTag('busy') ?? false);
  const decisions = useSelector(decision, (s) => s?.context.options?.Commands.length ?? 0);
  const startable = CHANGE_KINDS.filter((k) => overview?.Startable.includes(k));
  return (
    <section
      className="portal-cw-panel"
      aria-label={t('customerWorkflow.title')}
      aria-busy={busy || deciding}
      data-customer-workflow
    >
      <h3>{t('customerWorkflow.title')}</h3>
      {failure && (
        <div className="portal-field-error" role="alert">
          {t('customerWorkflow.loadFailed', { message: t(failure) || failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('customerWorkflow.reload')}
            onClick={() => panel.send({ type: 'panel.reload' })}
          />
        </div>
      )}
      {refusal && (
        <div className="portal-field-error" role="alert" data-refusal>
          {t('customerWorkflow.refused', { message: t(refusal) || refusal })}
        </div>
      )}
      {decision && <DecisionButtons decision={decision} />}
      {startable.length > 0 && (
        <div className="portal-cw-actions">
          <span className="portal-hint">{t('customerWorkflow.newApplication')}:</span>
          {startable.map((k) => (
            <Button
              key={k}
              type="button"
              size="small"
              outlined
              label={t(`customerWorkflow.kinds.${k}`)}
              loading={applying === k}
              disabled={busy || deciding}
              onClick={() => panel.send({ type: 'apply.start', kind: k })}
            />
          ))}
        </div>
      )}
      {overview && !busy && !deciding && !decisions && !startable.length && (
        <span className="portal-hint">{t('customerWorkflow.nothingForYou')}</span>
      )}
      {overview && overview.Applications.length === 0 && (
        <span className="portal-hint">{t('customerWorkflow.empty')}</span>
      )}
      {overview && overview.Applications.length > 0 && (
        <ul className="portal-cw-list">
          {overview.Applications.map((a) => (
            <CustomerApplicationItem key={a.ApplicationID} t={t} a={a} />
          ))}
        </ul>
      )}
      <CustomerWorkflowDialog panel={panel} />
    </section>
  );
}
