import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import type { companyLookupMachine } from '../../machines/kit/company-lookup.machine';
import type { Translate } from '../app-context';

interface ManualEntryFormProps {
  lookup: ActorRefFrom<typeof companyLookupMachine>;
  busy: boolean;
  t: Translate;
}

/** Manual company entry prompts for the full customer name (SPEC §5): required, 4 characters at least. */
export function ManualEntryForm({ lookup, busy, t }: ManualEntryFormProps) {
  const name = useSelector(lookup, (s) => s.context.manualName);
  const problem = useSelector(lookup, (s) => s.context.manualProblem);
  const error = useSelector(lookup, (s) =>
    s.matches({ open: { fallback: 'manualEntry' } }) ? s.context.error : undefined,
  );
  return (
    <form
      className="portal-company-manual"
      aria-label={t('kitPickers.company.manualTitle')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The dialog is portalled, but React bubbles its submit to the form of the page around the field.
        e.stopPropagation();
        lookup.send({ type: 'manual.confirm' });
      }}
    >
      <h3>{t('kitPickers.company.manualTitle')}</h3>
      <label htmlFor="company-manual-name">
        {t('kitPickers.company.manualLabel')}
        <span className="portal-required">*</span>
      </label>
      <InputText
        id="company-manual-name"
        value={name}
        invalid={Boolean(problem)}
        autoFocus
        onChange={(e) => lookup.send({ type: 'manual.change', name: e.target.value })}
      />
      <small className="portal-picker-hint">{t('kitPickers.company.manualHint')}</small>
      {problem && (
        <small className="portal-field-error" role="alert">
          {t(`kitPickers.company.problems.${problem}`)}
        </small>
      )}
      {error && (
        <small className="portal-field-error" role="alert">
          {t(error) || error}
        </small>
      )}
      <div className="portal-picker-footer">
        <Button
          type="button"
          text
          label={t('kitPickers.cancel')}
          onClick={() => lookup.send({ type: 'manual.cancel' })}
        />
        <Button type="submit" label={t('kitPickers.confirm')} loading={busy} />
      </div>
    </form>
  );
}
