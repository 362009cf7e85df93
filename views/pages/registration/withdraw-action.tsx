import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import type { ActorRefFrom } from 'xstate';
import type { progressMachine } from '../../../machines/registration/progress.machine';
import type { Translate } from '../../app-context';
import { Dialog } from '../../kit/dialog';

type ProgressRef = ActorRefFrom<typeof progressMachine>;

/**
 * The applicant takes the application back: offered only while the server allows it (before the
 * first decision, or while it is returned), and only after a confirmation, since it cannot be undone.
 */
export function WithdrawAction({ progress: actor, t }: { progress: ProgressRef; t: Translate }) {
  const offered = useSelector(actor, (s) => s.matches('shown') && s.can({ type: 'withdraw.ask' }));
  const confirming = useSelector(actor, (s) => s.matches('confirmingWithdrawal') || s.matches('withdrawing'));
  const sending = useSelector(actor, (s) => s.matches('withdrawing'));
  if (!offered && !confirming) return null;

  return (
    <div className="portal-progress-withdraw">
      <Button
        type="button"
        severity="danger"
        outlined
        icon="pi pi-undo"
        label={t('registration.progress.withdraw')}
        disabled={confirming}
        onClick={() => actor.send({ type: 'withdraw.ask' })}
      />
      <Dialog
        visible={confirming}
        header={t('registration.progress.withdrawTitle')}
        closable={!sending}
        onHide={() => !sending && actor.send({ type: 'withdraw.cancel' })}
        style={{ width: '28rem', maxWidth: '95vw' }}
        footer={
          <>
            <Button
              type="button"
              text
              label={t('registration.progress.withdrawCancel')}
              disabled={sending}
              onClick={() => actor.send({ type: 'withdraw.cancel' })}
            />
            <Button
              type="button"
              severity="danger"
              label={t(
                sending ? 'registration.progress.withdrawing' : 'registration.progress.withdrawConfirm',
              )}
              loading={sending}
              disabled={sending}
              onClick={() => actor.send({ type: 'withdraw.confirm' })}
            />
          </>
        }
      >
        <p>{t('registration.progress.withdrawQuestion')}</p>
      </Dialog>
    </div>
  );
}
