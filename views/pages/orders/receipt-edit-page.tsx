import { useState } from 'react';
import { PaymentConfirmStatus } from '../../../domain/codes/payments.codes';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { ReceiptAllocationPanel } from './receipt-allocation-panel';

const CLOSED: string[] = [PaymentConfirmStatus.confirmed, PaymentConfirmStatus.rejected];

/** A receipt finance has not settled yet may still be allocated (confirmed or rejected ones are closed). */
const allocatable = (values: Record<string, unknown>) =>
  typeof values.ObjectID === 'string' && !CLOSED.includes(String(values.ConfirmStatus ?? ''));

/**
 * A receipt's form and record page: the catalogue's fields (the generic record page) and, once it is
 * saved and still open, the orders of its agent it may pay, allocated in one save; the record is read
 * again after an allocation so its allocated and remaining amounts move at once.
 */
export default function ReceiptEditPage(props: PageProps) {
  const [round, setRound] = useState(0);
  return (
    <RecordPage key={round} {...props}>
      {(values) =>
        props.page.kind === 'edit' && allocatable(values) ? (
          <ReceiptAllocationPanel
            objectId={String(values.ObjectID)}
            onAllocated={() => setRound((r) => r + 1)}
          />
        ) : null
      }
    </RecordPage>
  );
}
