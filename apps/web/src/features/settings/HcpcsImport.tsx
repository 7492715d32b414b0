import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { MSG } from '@dme/shared';
import { failureMessage, isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useImportHcpcs, type HcpcsImportResult } from './api/import-hcpcs.ts';

const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export function importSummary(result: HcpcsImportResult): string {
  return `Imported ${count(result.codes, 'code')} and ${count(result.modifiers, 'modifier')} from ${result.source}.`;
}

/** The server's reason for refusing the file (its 422 names it), else the general message. */
function refusal(error: unknown): string {
  if (isApiError(error, 422) && isFieldErrorMap(error.body)) {
    const first = Object.values(error.body)[0]?.[0];
    if (first) return first;
  }
  return failureMessage(error, MSG.requestFailed);
}

/** The "HCPCS codes" card: loads the CMS annual file the product form checks codes and modifiers against. */
export function HcpcsImport() {
  const notify = useNotify();
  const upload = useImportHcpcs();
  const [result, setResult] = useState<HcpcsImportResult | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    try {
      const loaded = await upload.mutateAsync(file);
      setResult(loaded);
      notify.success(importSummary(loaded));
    } catch (error) {
      setResult(null);
      notify.error(refusal(error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label="HCPCS codes" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        HCPCS codes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Upload the CMS HCPCS annual file (the fixed-width text file, e.g. HCPC2025_ANWEB.txt) each year: products and
        order lines are checked against its codes and modifiers.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {/* A plain button opens the picker: a label acting as a button is not an allowed role. */}
        <Button
          variant="outlined"
          startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={upload.isPending}
          onClick={() => picker.current?.click()}
          sx={{ flexShrink: 0 }}
        >
          Upload HCPCS file
        </Button>
        <input
          ref={picker}
          type="file"
          hidden
          accept=".txt,text/plain"
          aria-label="HCPCS file"
          onChange={(event) => void onPick(event)}
        />
        {result ? (
          <Alert severity="success" role="status" sx={{ flexGrow: 1 }}>
            {importSummary(result)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
