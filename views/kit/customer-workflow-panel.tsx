import '../styles/customer-workflow.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import type { CustomerApplication } from '../../domain/customer-applications';
import { customerWorkflowLogic } from '../../machines/customers/customer-workflow.actors';
import {
  DECISIONS,
  type Decision,
  EVENT_OF,
  openApplication,
} from '../../machines/customers/customer-workflow.rules';
import { CHANGE_KINDS } from '../../machines/workflows/customer-change.rules';
import { type Translate, useT } from '../app-context';
import { toast } from '../shell/toast-bus';
import { formatValue } from './cell-value';
import { CustomerWorkflowDialog } from './customer-workflow-dialog';

const SEVERITY: Partial<Record<Decision, 'danger' | 'warning' | 'secondary'>> = {
  reject: 'danger',
  return: 'warning',
  withdraw: 'secondary',
};

/** Who decides a node: the configured person, else the role. */
function whoOf(t: Translate, step?: CustomerApplication['Chain'][number]) {
  if (!step) return '';
  const key = `customerWorkflow.roles.${step.Role}`;
  return step.Approver || (t(key) === key ? step.Role : t(key));
}

/** What the applicant asked for, in words. */
function changeText(t: Translate, a: CustomerApplication) {
  const c = a.Change;
  if (c.termMonths) return t('customerWorkflow.months', { n: c.termMonths });
  if (c.to) return t('customerWorkflow.convertTo', { to: c.to });
  return [c.days ? t('customerWorkflow.daysValue', { n: c.days }) : '', c.reason ?? '']
    .filter(Boolean)
    .join(' · ');
}

function ApplicationItem({ t, a }: { t: Translate; a: CustomerApplication }) {
  const asked = changeText(t, a);
  return (
    <li className="portal-cw-item" data-application-state={a.State} data-kind={a.Kind}>
      <div className="portal-cw-head">
        <strong>{t(`customerWorkflow.kinds.${a.Kind}`)}</strong>
        <span className={`portal-cw-state is-${a.State}`}>{t(`customerWorkflow.states.${a.State}`)}</span>
        {a.State === 'inApproval' && (
          <span data-node>
            {t('customerWorkflow.node', {
              n: a.Node + 1,
              total: a.Chain.length,
              who: a.ForwardedTo || whoOf(t, a.Chain[a.Node]),
            })}
          </span>
        )}
      </div>
      {asked && (
        <div>
          {t('customerWorkflow.change')}: {asked}
        </div>
      )}
      {a.Reason && (
        <div data-reason>
          {t('customerWorkflow.fields.reason')}: {a.Reason}
        </div>
      )}
      <details>
        <summary>
          {t('customerWorkflow.history')} · {t('customerWorkflow.applicant')} {a.Applicant}
        </summary>
        <ol className="portal-cw-history">
          {a.History.map((h) => (
            <li key={h.Seq}>
              <time dateTime={h.At}>{formatValue('dateTime', h.At)}</time> {h.ActorName}{' '}
              {t(`customerWorkflow.events.${h.Type.split('.')[1]}`) || h.Type}
              {h.Reason ? `: ${h.Reason}` : ''}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/** An agent's applications and what this person may do on them now (docs/customer-workflows.md). */
export function CustomerWorkflowPanel({ objectId, onChanged }: { objectId: string; onChanged: () => void }) {
  const t = useT();
  const panel = useActorRef(customerWorkflowLogic, { input: { objectId } });
  const overview = useSelector(panel, (s) => s.context.overview);
  const busy = useSelector(panel, (s) => s.hasTag('busy'));
  const pending = useSelector(panel, (s) => s.context.pending);
  const failure = useSelector(panel, (s) => (s.matches('unavailable') ? s.context.error : undefined));
  const refusal = useSelector(panel, (s) => s.context.refusal);
  const open = openApplication(overview?.Applications);
  const latest = useRef({ t, onChanged });
  latest.current = { t, onChanged };

  useEffect(() => {
    const subs = [
      panel.on('notify', (e) =>
        toast({ text: latest.current.t(e.message) || e.message, severity: e.severity, life: 3000 }),
      ),
      panel.on('changed', () => latest.current.onChanged()),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [panel]);

  const startable = CHANGE_KINDS.filter((k) => overview?.Startable.includes(k));
  const decisions = DECISIONS.filter((d) => open?.Allowed.includes(EVENT_OF[d]));
  const working = (key: string) =>
    busy && pending && (pending.call === 'apply' ? pending.kind : pending.decision) === key;
  return (
    <section className="portal-cw-panel" aria-label={t('customerWorkflow.title')} aria-busy={busy}>
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
      {decisions.length > 0 && (
        <div className="portal-cw-actions">
          {decisions.map((d) => (
            <Button
              key={d}
              type="button"
              size="small"
              label={t(`customerWorkflow.actions.${d}`)}
              severity={SEVERITY[d]}
              outlined={d !== 'agree' && d !== 'resubmit'}
              loading={working(d)}
              disabled={busy}
              onClick={() => panel.send({ type: 'decision.start', decision: d })}
            />
          ))}
        </div>
      )}
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
              loading={working(k)}
              disabled={busy}
              onClick={() => panel.send({ type: 'apply.start', kind: k })}
            />
          ))}
        </div>
      )}
      {overview && !busy && !decisions.length && !startable.length && (
        <span className="portal-hint">{t('customerWorkflow.nothingForYou')}</span>
      )}
      {overview && overview.Applications.length === 0 && (
        <span className="portal-hint">{t('customerWorkflow.empty')}</span>
      )}
      {overview && overview.Applications.length > 0 && (
        <ul className="portal-cw-list">
          {overview.Applications.map((a) => (
            <ApplicationItem key={a.ApplicationID} t={t} a={a} />
          ))}
        </ul>
      )}
      <CustomerWorkflowDialog panel={panel} />
    </section>
  );
}
