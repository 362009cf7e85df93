import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { selectTimedOut } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { Dialog } from '../kit/dialog';

/** SPEC §8 login time-out: the time-out message (app.session.timeout) with a confirm button only, then logout. */
export function TimeoutDialog() {
  const { session } = useApp();
  const t = useT();
  const timedOut = useSelector(session, selectTimedOut);
  const confirm = () => session.send({ type: 'timeout.confirm' });
  return (
    <Dialog
      visible={timedOut}
      header={t('app.session.timeoutTitle')}
      closable={false}
      modal
      onHide={confirm}
      footer={<Button label={t('app.session.confirm')} onClick={confirm} autoFocus />}
      style={{ width: 'min(420px, 90vw)' }}
    >
      <p>{t('app.session.timeout')}</p>
    </Dialog>
  );
}
