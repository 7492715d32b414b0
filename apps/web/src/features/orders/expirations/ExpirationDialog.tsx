import { ORDER_MESSAGES, type Expiration, type ExpirationBody } from '@dme/shared';
import { ExpirationFormDialog } from '@/components/ExpirationFormDialog.tsx';
import { useCreateExpiration, useUpdateExpiration } from '@/lib/api/expirations.ts';
import { ordersKeys } from '../api/keys.ts';

interface ExpirationDialogProps {
  orderId: number;
  /** Mode update when an expiration is given, create otherwise. */
  expiration: Expiration | null;
  onClose: () => void;
}

/** The order's Expiration dialog (mode create or update). Render it only while open. */
export function ExpirationDialog({ orderId, expiration, onClose }: ExpirationDialogProps) {
  const create = useCreateExpiration(orderId, ordersKeys.detail(orderId));
  const update = useUpdateExpiration(ordersKeys.detail(orderId));
  return (
    <ExpirationFormDialog
      title={expiration ? 'Edit Expiration' : 'New Expiration'}
      expiration={expiration}
      submit={(body: ExpirationBody) =>
        expiration ? update.mutateAsync({ id: expiration.id, body }) : create.mutateAsync(body)
      }
      successMessage={expiration ? ORDER_MESSAGES.expirationUpdated : ORDER_MESSAGES.expirationAdded}
      onClose={onClose}
    />
  );
}
