import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MESSAGES, MSG, SHIPPING_MESSAGES, type ExportBatch } from '@dme/shared';
import { PDF_PREVIEW_MAX_WIDTH, PdfPreview } from '@/components/pdf-preview/index.ts';
import { detailOf, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { confirmExportBatch } from './api/confirm-export-batch.ts';
import { exportBatch } from './api/export-batch.ts';
import type { BatchFilters } from './api/filters.ts';
import { useAvailableCount } from './api/get-available-count.ts';
import { shippingKeys } from './api/keys.ts';
import { AvailableCount } from './AvailableCount.tsx';

interface BatchPrintDialogProps {
  open: boolean;
  filters: BatchFilters;
  onClose: () => void;
}

/**
 * Batch print (spec 4.4): states the records available, then step one makes the batch (its
 * records are marked Printed) and step two shows the batch's PDF with its Download button.
 */
export function BatchPrintDialog({ open, filters, onClose }: BatchPrintDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const available = useAvailableCount(filters, open);
  const [busy, setBusy] = useState(false);
  const [batch, setBatch] = useState<ExportBatch | null>(null);

  const close = () => {
    setBatch(null);
    onClose();
  };

  const print = async () => {
    setBusy(true);
    try {
      const made = await exportBatch(filters);
      setBatch(made);
      await queryClient.invalidateQueries({ queryKey: shippingKeys.list() });
    } catch (error) {
      notify.error(isApiError(error) ? (detailOf(error.body) ?? MSG.requestFailed) : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: batch ? PDF_PREVIEW_MAX_WIDTH : 480, width: '100%' } } }}
    >
      <DialogTitle id={titleId}>Batch print</DialogTitle>
      <DialogContent>
        {batch ? (
          <Stack spacing={1.5}>
            <Typography role="status">
              Batch {batch.batchPrintId}: {batch.count} {batch.count === 1 ? 'ticket' : 'tickets'} marked Printed.
              {batch.held > 0 ? ` ${DOCUMENT_MESSAGES.heldSkipped(batch.held)}.` : ''}
            </Typography>
            <PdfPreview
              source={() => confirmExportBatch(batch.batchPrintId)}
              fileName={batch.name}
              title={`Batch print ${batch.batchPrintId}`}
              onError={() => notify.error(SHIPPING_MESSAGES.downloadError)}
            />
          </Stack>
        ) : (
          <AvailableCount
            count={available.data?.count}
            held={available.data?.held}
            loading={available.isLoading}
            failed={available.isError}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={busy} color="inherit">
          {batch ? 'Close' : 'Cancel'}
        </Button>
        {batch ? null : (
          <Button
            variant="contained"
            onClick={() => void print()}
            disabled={busy || !available.data || available.data.count === 0}
          >
            Print
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
