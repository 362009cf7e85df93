import { useSelector } from '@xstate/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { ActorRefFrom } from 'xstate';
import type { recordMachine } from '../../machines/kit/record.machine';
import type { Translate } from '../app-context';

interface SaveConfirmDialogProps {
  record: ActorRefFrom<typeof recordMachine>;
  t: Translate;
}

/**
 * The question a refused save puts to the person (an RSP moved with the CCPs it supplies: how many
 * move, and where), in the server's words: confirmed, the same save goes again; declined, nothing is
 * sent and the form keeps what was typed.
 */
export function SaveConfirmDialog({ record, t }: SaveConfirmDialogProps) {
  const question = useSelector(record, (s) =>
    s.matches('confirming') ? s.context.confirmation?.message : undefined,
  );
  return (
    <ConfirmDialog
      visible={question !== undefined}
      header={t('app.record.confirmTitle')}
      message={question}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('app.record.confirmSave')}
      rejectLabel={t('app.kit.cancel')}
      accept={() => record.send({ type: 'confirm.accept' })}
      reject={() => record.send({ type: 'confirm.cancel' })}
      onHide={() => question !== undefined && record.send({ type: 'confirm.cancel' })}
    />
  );
}
