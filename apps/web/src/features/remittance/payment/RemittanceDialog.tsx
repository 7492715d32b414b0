import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  checkRemaining,
  formatDisplayDate,
  formatMoney,
  REMITTANCE_MESSAGES,
  toMicro,
  type RemittanceService,
} from '@dme/shared';
import { useVendors } from '@/lib/api/vendors.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useLastCheck } from '../api/get-last-check.ts';
import { useRemittance } from '../api/get-remittance.ts';
import { usePostRemittance } from '../api/post-remittance.ts';
import { CheckFields } from './CheckFields.tsx';
import { draftOf, EMPTY_CHECK, readCheck, recheck, type CheckDraft, type CheckErrors } from './check-draft.ts';
import { NotesDialog } from './NotesDialog.tsx';
import { OriginalAmountDialog } from './OriginalAmountDialog.tsx';
import { RemitServicesTable } from './RemitServicesTable.tsx';
import { postedServices, totals, type RowChoice } from './remit-rows.ts';

interface RemittanceDialogProps {
  occurrenceId: number | null;
  onClose: () => void;
}

/** Server field errors of the check ("checks.0.total_amount") as the check fields' messages. */
function checkErrorsOf(body: unknown): CheckErrors {
  if (typeof body !== 'object' || body === null) return {};
  const errors: CheckErrors = {};
  for (const [key, messages] of Object.entries(body as Record<string, unknown>)) {
    const m = /^checks\.0\.(\w+)$/.exec(key);
    if (m && Array.isArray(messages) && typeof messages[0] === 'string') {
      errors[m[1] as keyof CheckDraft] = messages[0];
    }
  }
  return errors;
}

/** A typed amount, or null while it is empty or not a number. */
function amountOrNull(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    toMicro(text);
    return text;
  } catch {
    return null;
  }
}

/** Why Ok is off when the services take more than the check holds, and what to do about it. */
function overAppliedText(applied: string, available: string, savedCheckNumber?: string): string {
  const amount = `Amount Applied (${formatMoney(applied)})`;
  return savedCheckNumber === undefined
    ? `${amount} is more than the check's Total Amount (${formatMoney(available)}). Lower the amounts or correct the Total Amount.`
    : `${amount} is more than the ${formatMoney(available)} left on check ${savedCheckNumber}. Lower the amounts, or choose Next Check to post another check.`;
}

/**
 * The Remittance Payment dialog (spec part 3 sections 2.8 and 4.5): a check applied to the
 * services of one occurrence. Not closed by the backdrop or Escape; the saved check is prefilled
 * and locked until Next Check.
 */
export function RemittanceDialog({ occurrenceId, onClose }: RemittanceDialogProps) {
  const open = occurrenceId !== null;
  // The services table needs the room: full screen below 1280 px.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('lg'));
  const remittance = useRemittance(occurrenceId);
  const lastCheck = useLastCheck(open);
  const vendors = useVendors(open);
  const post = usePostRemittance();
  const send = useSubmit({
    submit: post.mutateAsync,
    successMessage: REMITTANCE_MESSAGES.remitted,
    onInvalid: (body) => setErrors(checkErrorsOf(body)),
    close: onClose,
  });
  const [draft, setDraft] = useState<CheckDraft>(EMPTY_CHECK);
  const [locked, setLocked] = useState(false);
  const [errors, setErrors] = useState<CheckErrors>({});
  // Once Ok was pressed, each change re-checks its field at once (react-hook-form's reValidateMode).
  const [submitted, setSubmitted] = useState(false);
  const [choices, setChoices] = useState<Record<number, RowChoice>>({});
  const [notesOpen, setNotesOpen] = useState(false);
  const [editing, setEditing] = useState<RemittanceService | null>(null);

  useEffect(() => {
    if (!open) return;
    setChoices({});
    setErrors({});
    setSubmitted(false);
  }, [open, occurrenceId]);

  useEffect(() => {
    if (!open || lastCheck.isLoading) return;
    if (lastCheck.data) {
      setDraft(draftOf(lastCheck.data));
      setLocked(true);
    } else {
      setDraft(EMPTY_CHECK);
      setLocked(false);
    }
  }, [open, lastCheck.isLoading, lastCheck.data]);

  // The saved check names its vendor: the select can show it while the list loads, or when the
  // list no longer holds it.
  const vendorOptions = useMemo(() => {
    const list = vendors.data ?? [];
    const own = locked ? lastCheck.data?.vendor : undefined;
    return own && !list.some((v) => v.id === own.id) ? [own, ...list] : list;
  }, [vendors.data, locked, lastCheck.data]);
  const services = useMemo(() => remittance.data?.services ?? [], [remittance.data]);
  const sums = totals(services, choices);
  const savedCheck = locked ? lastCheck.data : undefined;
  // What the check can still pay: a new check's total is unknown while it is empty or not an
  // amount, and Ok then says so under the field rather than calling it over-applied.
  const available = savedCheck
    ? checkRemaining(savedCheck.total_amount, savedCheck.total_amount_remmited)
    : amountOrNull(draft.total_amount);
  const overCheck = available !== null && toMicro(sums.applied) > toMicro(available);
  const canSubmit = sums.anyAmount && !sums.anyProblem && !overCheck && !post.isPending && remittance.isSuccess;

  const nextCheck = () => {
    setDraft(EMPTY_CHECK);
    setLocked(false);
    setErrors({});
    setSubmitted(false);
  };

  const changeCheck = (patch: Partial<CheckDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setErrors((current) => recheck(current, next, Object.keys(patch) as (keyof CheckDraft)[], submitted));
  };

  const submit = async () => {
    if (!remittance.data) return;
    setSubmitted(true);
    const read = readCheck(draft);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    await send({ checks: [read.check], ocurrence_id: remittance.data.id, services: postedServices(services, choices) });
  };

  const data = remittance.data;
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // Spec 2.8: neither the backdrop nor Escape closes it; only Cancel does.
        if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') onClose();
      }}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="xl"
      aria-labelledby="remittance-dialog-title"
    >
      <DialogTitle id="remittance-dialog-title">Remittance Payment</DialogTitle>
      {remittance.isFetching || lastCheck.isLoading ? <LinearProgress /> : null}
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <CheckFields draft={draft} errors={errors} locked={locked} vendors={vendorOptions} onChange={changeCheck} />
          {savedCheck ? (
            <Alert severity="info" variant="outlined">
              Saved check {savedCheck.check_number} from {savedCheck.vendor.name}:{' '}
              {formatMoney(checkRemaining(savedCheck.total_amount, savedCheck.total_amount_remmited))} left of{' '}
              {formatMoney(savedCheck.total_amount)}. Choose Next Check to post another check.
            </Alert>
          ) : null}
          <Divider />
          {data ? (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Patient"
                  value={`${data.order.patient.first_name} ${data.order.patient.last_name}`}
                  fullWidth
                  size="small"
                  slotProps={{ input: { readOnly: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Order"
                  value={data.order.name || `#${data.order.id}`}
                  fullWidth
                  size="small"
                  slotProps={{ input: { readOnly: true } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Date of Service"
                  value={formatDisplayDate(data.date)}
                  fullWidth
                  size="small"
                  slotProps={{ input: { readOnly: true } }}
                />
              </Grid>
            </Grid>
          ) : null}
          {data ? (
            <RemitServicesTable
              services={services}
              choices={choices}
              onChoice={(id, choice) => setChoices((c) => ({ ...c, [id]: choice }))}
              onEditOriginal={setEditing}
              totals={sums}
              invoiceTotal={data.total_invoice_ammount}
            />
          ) : null}
          {overCheck && available !== null ? (
            <Alert severity="warning">{overAppliedText(sums.applied, available, savedCheck?.check_number)}</Alert>
          ) : null}
          {!sums.anyAmount && data ? (
            <Typography variant="body2" color="text.secondary">
              Choose an amount for at least one service.
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Button onClick={() => setNotesOpen(true)} disabled={!data}>
          Show notes
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={nextCheck} disabled={!locked}>
            Next Check
          </Button>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={!canSubmit}>
            Ok
          </Button>
        </Stack>
      </DialogActions>
      {data ? (
        <NotesDialog
          open={notesOpen}
          occurrenceId={data.id}
          invoiceId={data.invoice.id}
          officeNotes={data.order.office_notes}
          invoiceNotes={data.invoice.notes}
          onClose={() => setNotesOpen(false)}
        />
      ) : null}
      <OriginalAmountDialog service={editing} occurrenceId={occurrenceId ?? 0} onClose={() => setEditing(null)} />
    </Dialog>
  );
}
