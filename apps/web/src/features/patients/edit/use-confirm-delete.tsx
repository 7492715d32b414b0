import { useState } from 'react';
import { MSG } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';

interface Pending {
  run: () => Promise<void>;
  message?: string;
}

/** "Are you sure you want to delete?" before a child row goes; `run` reports its own outcome. */
export function useConfirmDelete() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.run();
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={MSG.deleteConfirm}
      message={pending?.message}
      confirmLabel="Delete"
      confirmColor="error"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: (run: () => Promise<void>, message?: string) => setPending({ run, message }), dialog };
}
