import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, parseId, type EraMatchBody } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useMatchEra } from './api/match-era.ts';
import type { MatchTarget } from './EraClaimCard.tsx';
import { displayDate, hcpcsText, money, refusalText } from './format.ts';
import { ServicePicker } from './ServicePicker.tsx';

const INVOICE_NUMBER_INVALID = 'Enter the invoice number (digits only)';

interface MatchDialogProps {
  eraId: number;
  target: MatchTarget;
  onClose: () => void;
}

/**
 * Match: names the invoice an unmatched claim pays, or the service of its invoice an unmatched line
 * pays; the server then posts the payment. A refusal stays in the dialog. Render it only while open.
 */
export function MatchDialog({ eraId, target, onClose }: MatchDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const match = useMatchEra(eraId);
  const { claim, line } = target;
  const [invoiceText, setInvoiceText] = useState(claim.matched_invoice_id?.toString() ?? '');
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  // The invoice whose services are listed (a line's match): its claim's invoice at first.
  const [lookup, setLookup] = useState<number | null>(line ? claim.matched_invoice_id : null);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = match.isPending;

  const readInvoice = (): number | null => {
    const id = parseId(invoiceText.trim());
    setInvoiceError(id === null ? INVOICE_NUMBER_INVALID : null);
    return id;
  };

  const findServices = () => {
    const id = readInvoice();
    if (id === null) return;
    setServiceId(null);
    setLookup(id);
  };

  const send = async (body: EraMatchBody, done: string) => {
    setError(null);
    try {
      await match.mutateAsync(body);
      notify.success(done);
      onClose();
    } catch (failure) {
      setError(refusalText(failure, MSG.requestFailed));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (line) {
      if (serviceId === null) return;
      void send(
        { claim_index: claim.index, line_index: line.index, service_id: serviceId },
        `Line ${line.index + 1} of claim ${claim.claim_number} matched and posted`,
      );
      return;
    }
    const invoiceId = readInvoice();
    if (invoiceId === null) return;
    void send(
      { claim_index: claim.index, invoice_id: invoiceId },
      `Claim ${claim.claim_number} matched to invoice ${invoiceId} and posted`,
    );
  };

  const title = line
    ? `Match line ${line.index + 1} of claim ${claim.claim_number}`
    : `Match claim ${claim.claim_number}`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id={`${titleId}-form`} noValidate spacing={2} onSubmit={submit}>
          <Typography variant="body2" color="text.secondary">
            {line
              ? `${hcpcsText(line)} on ${displayDate(line.service_date)}: charge ${money(line.charge)}, paid ${money(line.paid)}. Choose the invoice service it pays.`
              : `${claim.patient_name || 'The patient'}: charge ${money(claim.charge)}, paid ${money(claim.paid)}. Enter the invoice this claim pays; its lines are matched to the invoice's services.`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Invoice number"
              required
              value={invoiceText}
              onChange={(event) => setInvoiceText(event.target.value)}
              error={Boolean(invoiceError)}
              helperText={invoiceError ?? undefined}
              disabled={busy}
              autoFocus={!line}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {line ? (
              <Button
                variant="outlined"
                onClick={findServices}
                disabled={busy}
                sx={{ mt: 0.25, flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                Find services
              </Button>
            ) : null}
          </Stack>
          {line && lookup !== null ? (
            <ServicePicker invoiceId={lookup} value={serviceId} onChange={setServiceId} disabled={busy} />
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={busy || (line ? serviceId === null : invoiceText.trim() === '')}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Match
        </Button>
      </DialogActions>
    </Dialog>
  );
}
