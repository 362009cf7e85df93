import { useSelector } from '@xstate/react';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ActorRefFrom } from 'xstate';
import { codeEntries } from '../../domain/codes/code';
import { LossReason } from '../../domain/codes/opportunities.codes';
import { asksForLines } from '../../domain/workflow-decisions';
import type { decisionMachine } from '../../machines/kit/decision.machine';
import { useLang, useT } from '../app-context';
import { commandLabel, reasonLabel } from './decision-labels';
import { DecisionLinesField } from './decision-lines-field';
import { Dialog } from './dialog';
import { DialogFooter, LabelledField } from './dialog-parts';
import { PickerField } from './picker-field';

export type DecisionActor = ActorRefFrom<typeof decisionMachine>;

/**
 * The one decision dialog: a reason (required or optional) or, for a forward, a colleague of the
 * step's role picked with the employee picker. Each wrong field is named under it.
 */
export function DecisionDialog({ decision }: { decision: DecisionActor }) {
  const t = useT();
  const lang = useLang();
  // The dialog stays up while its command is sent, so the confirm button can show the progress.
  const command = useSelector(decision, (s) =>
    s.matches('asking') || (s.matches('submitting') && s.context.command?.Asks)
      ? s.context.command
      : undefined,
  );
  const submitting = useSelector(decision, (s) => s.matches('submitting'));
  const form = useSelector(decision, (s) => s.context.form);
  const problems = useSelector(decision, (s) => s.context.problems);
  const workflow = useSelector(decision, (s) => s.context.workflow);
  const role = useSelector(decision, (s) => s.context.options?.Decider?.Role);
  const refusal = useSelector(decision, (s) => s.context.refusal);
  if (!command?.Asks) return null;
  const hintKey = `decision.hints.${command.Name}`;
  const hint = t(hintKey) === hintKey ? '' : t(hintKey);
  const problem = (field: 'reason' | 'to' | 'amount' | 'date' | 'latitude' | 'longitude' | 'lossReason') =>
    problems[field] ? t(problems[field]) : undefined;
  const cancel = () => decision.send({ type: 'dialog.cancel' });
  return (
    <Dialog
      visible
      header={commandLabel(t, workflow, command.Name)}
      onHide={() => !submitting && cancel()}
      className="portal-decision-dialog"
      // Lines to settle (their serials, their inspection) need the room of a table.
      style={{ width: asksForLines(command.Asks) ? '48rem' : '32rem', maxWidth: '95vw' }}
      footer={
        <DialogFooter
          cancelLabel={t('decision.cancel')}
          confirmLabel={t('decision.confirm')}
          busy={submitting}
          onCancel={cancel}
          onConfirm={() => decision.send({ type: 'dialog.confirm' })}
        />
      }
    >
      {command.Asks === 'position' && refusal && (
        <p className="portal-field-error" role="alert">
          {t(refusal)}
        </p>
      )}
      {hint && <p className="portal-hint">{hint}</p>}
      {command.Asks === 'position' ? (
        // Only when the browser could not say where the person is: the position as they type it.
        (['latitude', 'longitude'] as const).map((axis) => (
          <LabelledField
            key={axis}
            id={`decision-${axis}`}
            label={t(`decision.fields.${axis}`)}
            required
            error={problem(axis)}
          >
            <InputText
              id={`decision-${axis}`}
              inputMode="decimal"
              value={form[axis]}
              invalid={Boolean(problems[axis])}
              onChange={(e) => decision.send({ type: 'position.change', [axis]: e.target.value })}
            />
          </LabelledField>
        ))
      ) : command.Asks === 'extension' ? (
        <LabelledField
          id="decision-date"
          label={t('decision.fields.extendedTo')}
          required
          error={problem('date')}
        >
          <InputText
            id="decision-date"
            type="date"
            value={form.date}
            invalid={Boolean(problems.date)}
            onChange={(e) => decision.send({ type: 'date.change', date: e.target.value })}
          />
        </LabelledField>
      ) : asksForLines(command.Asks) ? (
        <DecisionLinesField decision={decision} inspected={command.Asks === 'inspectedLines'} />
      ) : command.Asks === 'colleague' ? (
        <LabelledField id="decision-to" label={t('decision.fields.to')} required error={problem('to')}>
          <PickerField
            picker="employee"
            field="LastName"
            id="decision-to"
            value={form.toName}
            params={role ? { ExtRoleCode_SDK: role } : undefined}
            invalid={Boolean(problems.to)}
            onChange={(text, picked) =>
              decision.send({
                type: 'colleague.pick',
                to: String(picked.rows[0]?.ObjectID ?? ''),
                toName: text,
              })
            }
          />
        </LabelledField>
      ) : (
        <>
          {command.Asks === 'loss' && (
            <LabelledField
              id="decision-loss-reason"
              label={t('decision.fields.lossReason')}
              required
              error={problem('lossReason')}
            >
              <select
                id="decision-loss-reason"
                className="p-inputtext p-component"
                value={form.lossReason}
                aria-invalid={Boolean(problems.lossReason)}
                onChange={(e) => decision.send({ type: 'lossReason.change', lossReason: e.target.value })}
              >
                <option value="" />
                {codeEntries(LossReason).map(([code, zh, en]) => (
                  <option key={code} value={code}>
                    {lang === 'en' ? en : zh}
                  </option>
                ))}
              </select>
            </LabelledField>
          )}
          {(command.Asks === 'proposal' || command.Asks === 'adjustment' || command.Asks === 'winning') && (
            <LabelledField
              id="decision-amount"
              label={t(
                command.Asks === 'adjustment'
                  ? 'decision.fields.adjustAmount'
                  : command.Asks === 'winning'
                    ? 'decision.fields.winningAmount'
                    : 'decision.fields.amount',
              )}
              required={command.Asks === 'proposal' || command.Asks === 'winning'}
              error={problem('amount')}
            >
              <InputText
                id="decision-amount"
                inputMode="decimal"
                value={form.amount}
                invalid={Boolean(problems.amount)}
                onChange={(e) => decision.send({ type: 'amount.change', amount: e.target.value })}
              />
            </LabelledField>
          )}
          <LabelledField
            id="decision-reason"
            label={reasonLabel(t, workflow, command.Name)}
            required={
              command.Asks === 'reason' ||
              command.Asks === 'proposal' ||
              command.Asks === 'adjustment' ||
              command.Asks === 'loss'
            }
            error={problem('reason')}
          >
            <InputTextarea
              id="decision-reason"
              rows={3}
              value={form.reason}
              invalid={Boolean(problems.reason)}
              onChange={(e) => decision.send({ type: 'reason.change', reason: e.target.value })}
            />
          </LabelledField>
        </>
      )}
    </Dialog>
  );
}
