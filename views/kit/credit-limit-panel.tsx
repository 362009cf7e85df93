import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CreditLimitRequestRow } from '../../domain/credit-limits';
import { formatPrice } from '../../domain/format';
import { creditLimitPanelLogic } from '../../machines/customers/credit-limit-panel.actors';
import { type Translate, useT } from '../app-context';
import { DecisionButtons, WithDecision } from './decision-actions';
import { Dialog } from './dialog';
import { DialogFooter, LabelledField } from './dialog-parts';
import { useNoticeToasts } from './use-notice-toasts';

type Panel = ActorRefFrom<typeof creditLimitPanelLogic>;
const WORKFLOW = 'creditLimitChange';
/** The correction goes through the panel's own dialog, which asks for the figures. */
const DIALOG_COMMANDS = ['resubmit'];

const amount = (t: Translate, value: string | null) =>
  value === null ? t('creditLimits.panel.none') : formatPrice(value);

/**
 * An agent's credit limits on its record page (docs/credit-limits.md): read-only figures, the
 * requests and finance's decisions, a request for the sales operations desk, and finance's
 * decision on the open one.
 */
export function CreditLimitPanel({ objectId, onChanged }: { objectId: string; onChanged: () => void }) {
  const panel = useActorRef(creditLimitPanelLogic, { input: { objectId } });
  const open = useSelector(panel, (s) => {
    const newest = s.context.overview?.Requests[0];
    return newest && ['requested', 'returned'].includes(newest.State) ? newest.StreamID : undefined;
  });
  const latest = useRef(onChanged);
  latest.current = onChanged;
  useNoticeToasts(panel);
  useEffect(() => {
    const sub = panel.on('changed', () => latest.current());
    return () => sub.unsubscribe();
  }, [panel]);
  if (!open) return <CreditLimits panel={panel} />;
  const reload = () => panel.send({ type: 'panel.reload' });
  return (
    <WithDecision
      key={open}
      input={{ workflow: WORKFLOW, objectId, streamId: open }}
      outcome={{
        decided: () => {
          reload();
          latest.current();
        },
        refused: reload,
      }}
    >
      {(decision) => (
        <CreditLimits panel={panel}>
          <DecisionButtons decision={decision} hide={DIALOG_COMMANDS} />
        </CreditLimits>
      )}
    </WithDecision>
  );
}

function CreditLimits({ panel, children }: { panel: Panel; children?: React.ReactNode }) {
  const t = useT();
  const overview = useSelector(panel, (s) => s.context.overview);
  const busy = useSelector(panel, (s) => s.hasTag('busy'));
  const failure = useSelector(panel, (s) => (s.matches('unavailable') ? s.context.error : undefined));
  return (
    <section
      className="portal-cw-panel"
      aria-label={t('creditLimits.panel.title')}
      aria-busy={busy}
      data-credit-limits
    >
      <h3>{t('creditLimits.panel.title')}</h3>
      {failure && (
        <div className="portal-field-error" role="alert">
          {t('creditLimits.panel.loadFailed', { message: t(failure) || failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('creditLimits.panel.reload')}
            onClick={() => panel.send({ type: 'panel.reload' })}
          />
        </div>
      )}
      {overview && (
        <dl className="portal-cw-limits">
          <dt>{t('creditLimits.panel.own')}</dt>
          <dd data-limit="own">{amount(t, overview.Current.CreditLimit)}</dd>
          {overview.HasPartnerLine && (
            <>
              <dt>{t('creditLimits.panel.partner')}</dt>
              <dd data-limit="partner">{amount(t, overview.Current.PartnerCreditLimit)}</dd>
            </>
          )}
        </dl>
      )}
      <p className="portal-hint">{t('creditLimits.panel.readOnlyHint')}</p>
      {children}
      {overview && (overview.MayRequest || overview.MayCorrect) && (
        <div className="portal-cw-actions">
          <Button
            type="button"
            size="small"
            outlined
            label={t(overview.MayCorrect ? 'creditLimits.panel.resubmit' : 'creditLimits.panel.start')}
            disabled={busy}
            onClick={() => panel.send({ type: 'request.open' })}
          />
        </div>
      )}
      <h4>{t('creditLimits.panel.history')}</h4>
      {overview && overview.Requests.length === 0 && (
        <span className="portal-hint">{t('creditLimits.panel.empty')}</span>
      )}
      {overview && overview.Requests.length > 0 && (
        <ul className="portal-cw-list">
          {overview.Requests.map((r) => (
            <RequestItem key={r.StreamID} t={t} r={r} />
          ))}
        </ul>
      )}
      <CreditLimitDialog panel={panel} />
    </section>
  );
}

/** One request: who asked when, old → new per line, why, and finance's decision. */
function RequestItem({ t, r }: { t: Translate; r: CreditLimitRequestRow }) {
  const partnerChanged = r.Previous.PartnerCreditLimit !== r.Requested.PartnerCreditLimit;
  return (
    <li className="portal-cw-item" data-request-state={r.State}>
      <div className="portal-cw-head">
        <strong>
          {t('creditLimits.panel.ownChange', {
            from: amount(t, r.Previous.CreditLimit),
            to: amount(t, r.Requested.CreditLimit),
          })}
        </strong>
        <span className={`portal-cw-state is-${r.State}`}>
          {t(`creditLimits.decision.states.${r.State}`)}
        </span>
      </div>
      {partnerChanged && (
        <div>
          {t('creditLimits.panel.partnerChange', {
            from: amount(t, r.Previous.PartnerCreditLimit),
            to: amount(t, r.Requested.PartnerCreditLimit),
          })}
        </div>
      )}
      <div className="portal-hint">
        {t('creditLimits.panel.requestedBy')}：{r.RequestedBy} · {t('creditLimits.panel.requestedOn')}：
        {r.RequestedOn}
      </div>
      <div>
        {t('creditLimits.panel.reason')}：{r.RequestReason}
      </div>
      {r.DecidedBy && (
        <div data-decision>
          {t('creditLimits.panel.decision')}：
          {t('creditLimits.panel.decidedBy', { name: r.DecidedBy, on: r.DecidedOn ?? '' })}
          {r.DecisionReason
            ? ` · ${t('creditLimits.panel.decisionReason', { reason: r.DecisionReason })}`
            : ''}
        </div>
      )}
    </li>
  );
}

/** The figures and the reason of a request (or of its correction), each wrong field named under it. */
function CreditLimitDialog({ panel }: { panel: Panel }) {
  const t = useT();
  const shown = useSelector(panel, (s) => s.matches('editing') || s.matches('submitting'));
  const form = useSelector(panel, (s) => s.context.form);
  const errors = useSelector(panel, (s) => s.context.errors);
  const refusal = useSelector(panel, (s) => s.context.refusal);
  const correcting = useSelector(panel, (s) => s.context.correcting);
  const partner = useSelector(panel, (s) => s.context.overview?.HasPartnerLine ?? false);
  const submitting = useSelector(panel, (s) => s.matches('submitting'));
  if (!shown) return null;
  const cancel = () => panel.send({ type: 'dialog.cancel' });
  const error = (field: keyof typeof errors) => (errors[field] ? t(errors[field]) : undefined);
  const change = (field: 'CreditLimit' | 'PartnerCreditLimit' | 'RequestReason', value: string) =>
    panel.send({ type: 'form.change', field, value });
  return (
    <Dialog
      visible
      header={t(correcting ? 'creditLimits.panel.resubmit' : 'creditLimits.panel.start')}
      onHide={() => !submitting && cancel()}
      style={{ width: '32rem', maxWidth: '95vw' }}
      footer={
        <DialogFooter
          cancelLabel={t('creditLimits.panel.cancel')}
          confirmLabel={t('creditLimits.panel.submit')}
          busy={submitting}
          onCancel={cancel}
          onConfirm={() => panel.send({ type: 'dialog.confirm' })}
        />
      }
    >
      {refusal && (
        <div className="portal-field-error" role="alert" data-refusal>
          {t(refusal) || refusal}
        </div>
      )}
      <LabelledField id="cl-own" label={t('creditLimits.panel.own')} required error={error('CreditLimit')}>
        <InputText
          id="cl-own"
          inputMode="decimal"
          value={form.CreditLimit}
          onChange={(e) => change('CreditLimit', e.target.value)}
        />
      </LabelledField>
      {partner ? (
        <LabelledField
          id="cl-partner"
          label={t('creditLimits.panel.partner')}
          error={error('PartnerCreditLimit')}
        >
          <InputText
            id="cl-partner"
            inputMode="decimal"
            value={form.PartnerCreditLimit}
            onChange={(e) => change('PartnerCreditLimit', e.target.value)}
          />
        </LabelledField>
      ) : (
        <p className="portal-hint">{t('creditLimits.panel.noPartnerLine')}</p>
      )}
      <LabelledField
        id="cl-reason"
        label={t('creditLimits.panel.reason')}
        required
        error={error('RequestReason')}
      >
        <InputTextarea
          id="cl-reason"
          rows={3}
          value={form.RequestReason}
          onChange={(e) => change('RequestReason', e.target.value)}
        />
      </LabelledField>
    </Dialog>
  );
}
