import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { largeBatchReviewText, MSG } from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import type { BatchFilters } from './api/filters.ts';
import { useAvailableCount } from './api/get-available-count.ts';
import { shippingKeys } from './api/keys.ts';
import { queueLargeBatch } from './api/queue-large-batch.ts';
import { AvailableCount } from './AvailableCount.tsx';

interface LargeBatchDialogProps {
  open: boolean;
  filters: BatchFilters;
  onClose: () => void;
}

/**
 * Large batch print (spec 4.4): states the records available and when to look for the file;
 * confirming queues the batch and leads on to the Large Batch View.
 */
export function LargeBatchDialog({ open, filters, onClose }: LargeBatchDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const available = useAvailableCount(filters, open);
  const [busy, setBusy] = useState(false);
  const count = available.data?.count;

  const print = async () => {
    setBusy(true);
    try {
      await queueLargeBatch(filters);
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
      onClose();
      await navigate(paths.batchShippingStatus);
    } catch (error) {
      notify.error(isApiError(error) ? (detailOf(error.body) ?? MSG.requestFailed) : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Large Batch print</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <AvailableCount
            count={count}
            held={available.data?.held}
            loading={available.isLoading}
            failed={available.isError}
          />
          {count ? <Typography>{largeBatchReviewText(count)}</Typography> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void print()} disabled={busy || !count}>
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
