import type { CustomerApplication } from '../../domain/customer-applications';
import type { Translate } from '../app-context';
import { formatValue } from './cell-value';
import { roleLabel } from './decision-labels';

/** Who decides a node: the configured person, else the role. */
function whoOf(t: Translate, step?: CustomerApplication['Chain'][number]) {
  if (!step) return '';
  return step.Approver || roleLabel(t, step.Role);
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

/** One application of an agent: its kind, state, step, request, reason and history. */
export function CustomerApplicationItem({ t, a }: { t: Translate; a: CustomerApplication }) {
  const asked = changeText(t, a);
  return (
    <li className="portal-cw-item" data-application-state={a.State} data-kind={a.Kind}>
      <div className="portal-cw-head">
        <strong>{t(`customerWorkflow.kinds.${a.Kind}`)}</strong>
        <span className={`portal-cw-state is-${a.State}`}>{t(`decision.states.${a.State}`)}</span>
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
