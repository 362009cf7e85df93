import { Button } from 'primereact/button';
import { useState } from 'react';
import type { PageEntry } from '../../catalogue/types';
import { DIALOG_DEFAULT_WIDTH } from '../../domain/constants';
import { useT } from '../app-context';
import { Dialog } from './dialog';
import { ImportPanel } from './import-panel';

/** The toolbar's import button of a list that declares one, and its dialog. */
export function ImportButton({ page, onImported }: { page: PageEntry; onImported: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        outlined
        icon="pi pi-upload"
        label={t('imports.kit.button')}
        onClick={() => setOpen(true)}
      />
      <Dialog
        header={t('imports.kit.title', { page: t(page.titleKey) })}
        visible={open}
        style={{ width: DIALOG_DEFAULT_WIDTH, minWidth: '36rem' }}
        onHide={() => setOpen(false)}
        className="portal-import-dialog"
      >
        <ImportPanel page={page} onImported={onImported} />
      </Dialog>
    </>
  );
}
