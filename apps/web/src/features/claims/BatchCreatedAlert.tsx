import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { CLAIM_MESSAGES, MSG, type ClaimBatchCreated } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { downloadBatchFile } from './api/batch-file.ts';
import { refusalText } from './format.ts';

const SHOWN = 10;

/** The claim numbers of the batch, the first few only when there are many. */
function claimNumbers(batch: ClaimBatchCreated): string {
  const numbers = batch.claims.map((c) => c.claim_number);
  const rest = numbers.length - SHOWN;
  return rest > 0 ? `${numbers.slice(0, SHOWN).join(', ')} and ${rest} more` : numbers.join(', ');
}

/** After "Create batch": what went in, and its 837P file to download and send. */
export function BatchCreatedAlert({ batch, onClose }: { batch: ClaimBatchCreated; onClose: () => void }) {
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const save = async () => {
    setDownloading(true);
    try {
      await downloadBatchFile(batch);
    } catch (error) {
      notify.error(refusalText(error, MSG.requestFailed));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Alert
      severity="success"
      sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}
      action={
        <>
          <Button
            color="inherit"
            size="small"
            disabled={downloading}
            onClick={() => void save()}
            startIcon={downloading ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
          >
            Download {batch.file_name}
          </Button>
          <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {CLAIM_MESSAGES.batchCreated(batch.claims.length)}: {claimNumbers(batch)}
    </Alert>
  );
}
