import { fullName, OPERATIONS_MESSAGES, type ExpirationEditBody, type ExpirationRow } from '@dme/shared';
import { ExpirationFormDialog } from '@/components/ExpirationFormDialog.tsx';
import { useUpdateExpiration } from '@/lib/api/expirations.ts';
import { workQueuesKeys } from '../api/keys.ts';

interface ExpirationDialogProps {
  expiration: ExpirationRow;
  onClose: () => void;
}

/** Edit Expiration: Date, Yellow with Yellow Date, Note and Waiver (render it only while open). */
export function ExpirationDialog({ expiration, onClose }: ExpirationDialogProps) {
  const update = useUpdateExpiration(workQueuesKeys.expirations());
  return (
    <ExpirationFormDialog
      title="Edit Expiration"
      subtitle={fullName(expiration.patient)}
      expiration={expiration}
      submit={(body: ExpirationEditBody) => update.mutateAsync({ id: expiration.id, body })}
      successMessage={OPERATIONS_MESSAGES.expirationUpdated}
      onClose={onClose}
    />
  );
}
