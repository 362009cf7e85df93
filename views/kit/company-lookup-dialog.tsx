import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import { DIALOG_DEFAULT_WIDTH } from '../../domain/constants';
import type { companyLookupMachine } from '../../machines/kit/company-lookup.machine';
import { pickers, registryPicker } from '../../machines/kit/pickers';
import type { Translate } from '../app-context';
import { ManualEntryForm } from './company-manual-entry';
import { Dialog } from './dialog';
import { PickerTable } from './picker-table';

export type CompanyLookupRef = ActorRefFrom<typeof companyLookupMachine>;

interface CompanyLookupDialogProps {
  lookup: CompanyLookupRef;
  t: Translate;
}

const local = pickers.company;

/**
 * The company lookup dialog (SPEC §4): local search first; after a miss the company registry and
 * manual entry take over and the local search is off until the dialog closes.
 */
export function CompanyLookupDialog({ lookup, t }: CompanyLookupDialogProps) {
  const open = useSelector(lookup, (s) => s.matches('open'));
  const fallback = useSelector(lookup, (s) => s.hasTag('fallback'));
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  const keyword = useSelector(lookup, (s) => s.context.keyword);
  const showLocal = useSelector(lookup, (s) => s.matches({ open: { local: 'results' } }));
  const showRegistry = useSelector(
    lookup,
    (s) =>
      s.matches({ open: { fallback: 'registryResults' } }) ||
      s.matches({ open: { fallback: 'registrySearching' } }) ||
      (s.matches({ open: 'recording' }) && s.context.candidate?.source === 'registry'),
  );
  const manual = useSelector(
    lookup,
    (s) =>
      s.matches({ open: { fallback: 'manualEntry' } }) ||
      (s.matches({ open: 'recording' }) && s.context.candidate?.source === 'manual'),
  );
  const context = useSelector(lookup, (s) => s.context);
  // Without a registry configured the server answers from its sample companies: a person must not
  // take them for real ones.
  const sampleNote = context.sample && (showRegistry || showLocal);
  const failure = useSelector(lookup, (s) =>
    s.matches({ open: { local: 'failed' } }) || s.matches({ open: { fallback: 'registryFailed' } })
      ? s.context.error
      : undefined,
  );

  return (
    <Dialog
      header={t('kitPickers.title.company')}
      visible={open}
      style={{ width: DIALOG_DEFAULT_WIDTH, minWidth: '40rem' }}
      onHide={() => open && lookup.send({ type: 'lookup.close' })}
      className="portal-picker-dialog portal-company-lookup"
    >
      <form
        className="portal-picker-search"
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog is portalled, but React bubbles its submit to the form of the page around the field.
          e.stopPropagation();
          lookup.send({ type: fallback ? 'registry.search' : 'local.search' });
        }}
      >
        <InputText
          aria-label={t('kitPickers.company.keyword')}
          placeholder={t('kitPickers.company.keyword')}
          value={keyword}
          onChange={(e) => lookup.send({ type: 'keyword.change', keyword: e.target.value })}
        />
        <Button type="submit" label={t('kitPickers.company.localSearch')} disabled={fallback || busy} />
        <Button
          type="button"
          severity="secondary"
          label={t('kitPickers.company.registrySearch')}
          disabled={!fallback || busy}
          onClick={() => lookup.send({ type: 'registry.search' })}
        />
        <Button
          type="button"
          severity="secondary"
          outlined
          label={t('kitPickers.company.manualEntry')}
          disabled={!fallback || busy}
          onClick={() => lookup.send({ type: 'manual.start' })}
        />
      </form>
      {fallback && (
        <div className="portal-picker-notice" role="status">
          {t('kitPickers.company.notFound')}
        </div>
      )}
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('kitPickers.loadFailed', { message: t(failure) || failure })}
        </div>
      )}
      {sampleNote && (
        <div className="portal-picker-notice portal-registry-sample" role="note">
          {t('kitPickers.company.sampleNote')}
        </div>
      )}
      {showLocal && (
        <PickerTable
          rows={context.localRows}
          total={context.localTotal}
          currentPage={context.localPage}
          pageSize={local.pageSize}
          rowKey={local.key}
          columns={local.columns}
          busy={busy}
          onPage={(page) => lookup.send({ type: 'local.page', page })}
          onChoose={(row) => lookup.send({ type: 'local.choose', row })}
          label={t('kitPickers.company.localResults')}
          t={t}
        />
      )}
      {showRegistry && (
        <PickerTable
          rows={context.registryRows}
          total={context.registryTotal}
          currentPage={context.registryPage}
          pageSize={registryPicker.pageSize}
          rowKey={registryPicker.key}
          columns={registryPicker.columns}
          busy={busy}
          onPage={(page) => lookup.send({ type: 'registry.page', page })}
          onChoose={(row) => lookup.send({ type: 'registry.choose', row })}
          label={t('kitPickers.company.registryResults')}
          t={t}
        />
      )}
      {manual && <ManualEntryForm lookup={lookup} busy={busy} t={t} />}
    </Dialog>
  );
}
