import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import { DIALOG_DEFAULT_WIDTH } from '../../domain/constants';
import type { pickerMachine } from '../../machines/kit/picker.machine';
import type { Translate } from '../app-context';
import { Dialog } from './dialog';
import { PickerTable } from './picker-table';

interface PickerDialogProps {
  picker: ActorRefFrom<typeof pickerMachine>;
  t: Translate;
}

/** A picker's dialog: keyword search, the server-paged rows, selection and confirmation (SPEC §2). */
export function PickerDialog({ picker, t }: PickerDialogProps) {
  const open = useSelector(picker, (s) => s.matches('open'));
  const definition = useSelector(picker, (s) => s.context.definition);
  const multiple = useSelector(picker, (s) => s.context.multiple);
  const keyword = useSelector(picker, (s) => s.context.keyword);
  const rows = useSelector(picker, (s) => s.context.rows);
  const total = useSelector(picker, (s) => s.context.total);
  const currentPage = useSelector(picker, (s) => s.context.currentPage);
  const selection = useSelector(picker, (s) => s.context.selection);
  const busy = useSelector(picker, (s) => s.hasTag('busy'));
  const failure = useSelector(picker, (s) => (s.matches({ open: 'failed' }) ? s.context.error : undefined));
  const title = t(`kitPickers.title.${definition.name}`);

  const footer = (
    <div className="portal-picker-footer">
      <Button
        type="button"
        outlined
        label={t('kitPickers.cancel')}
        onClick={() => picker.send({ type: 'picker.close' })}
      />
      <Button
        type="button"
        label={t('kitPickers.confirm')}
        disabled={busy}
        onClick={() => picker.send({ type: 'selection.confirm' })}
      />
    </div>
  );

  return (
    <Dialog
      header={title}
      visible={open}
      // On a phone the dialog takes the screen's width instead of running off its edge.
      style={{ width: DIALOG_DEFAULT_WIDTH, minWidth: 'min(36rem, 96vw)' }}
      onHide={() => open && picker.send({ type: 'picker.close' })}
      footer={footer}
      className="portal-picker-dialog"
      data-picker-dialog={definition.name}
    >
      <form
        className="portal-picker-search"
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog is portalled, but React bubbles its submit to the form of the page around the field.
          e.stopPropagation();
          picker.send({ type: 'search.submit' });
        }}
      >
        <InputText
          aria-label={t('kitPickers.keyword')}
          placeholder={t('kitPickers.keywordPlaceholder')}
          value={keyword}
          onChange={(e) => picker.send({ type: 'keyword.change', keyword: e.target.value })}
        />
        <Button type="submit" icon="pi pi-search" label={t('kitPickers.search')} disabled={busy} />
      </form>
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('kitPickers.loadFailed', { message: t(failure) || failure })}
        </div>
      )}
      <PickerTable
        rows={rows}
        total={total}
        currentPage={currentPage}
        pageSize={definition.pageSize}
        rowKey={definition.key}
        columns={definition.columns}
        busy={busy}
        onPage={(page) => picker.send({ type: 'page.change', page })}
        selection={{
          rows: selection,
          multiple,
          onChange: (chosen) => picker.send({ type: 'selection.change', rows: chosen }),
        }}
        label={title}
        t={t}
      />
    </Dialog>
  );
}
