import { useState } from 'react';
import Button from '@mui/material/Button';
import UndoIcon from '@mui/icons-material/UndoOutlined';
import { MSG, type Era } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useNotify } from '@/lib/notify.ts';
import { useRevertEra } from './api/revert-era.ts';
import { refusalText } from './format.ts';

/** Revert: after a confirmation, takes back everything the remittance posted (it stays, as reverted). */
export function RevertButton({ era, onError }: { era: Era; onError: (message: string | null) => void }) {
  const notify = useNotify();
  const revert = useRevertEra();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    onError(null);
    try {
      await revert.mutateAsync(era.id);
      notify.success(`Remittance ${era.check_number} reverted`);
    } catch (failure) {
      onError(refusalText(failure, MSG.requestFailed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<UndoIcon />}
        disabled={era.status === 'reverted' || revert.isPending}
        onClick={() => setConfirming(true)}
      >
        Revert
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Revert remittance"
        message="Revert this remittance? Everything it posted is taken back."
        confirmLabel="Revert"
        confirmColor="error"
        busy={revert.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
