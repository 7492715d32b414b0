import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import {
  BILLING_MESSAGES,
  canWriteOff,
  effectiveOutstanding,
  entryChanges,
  invoiceAmount,
  isWrittenOff,
  writeOffEntry,
  writeOffTotals,
  type Invoice,
  type InvoiceService,
} from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useWriteOff } from './api/write-off.ts';
import { money } from './format.ts';

interface WriteOffDialogProps {
  invoice: Invoice;
  onClose: () => void;
  /** Called with the invoice as it stands after the write-off. */
  onDone: (invoice: Invoice) => void;
}

/**
 * The Write Off dialog (spec 2.11 and 4.7): one row per service; checking a box writes off that
 * service's outstanding, unchecking sets it back to 0. The enabling rule, the amounts and the
 * totals come from the shared money rules. Render it only while open.
 */
export function WriteOffDialog({ invoice, onClose, onDone }: WriteOffDialogProps) {
  const titleId = useId();
  const writeOff = useWriteOff();
  const [checked, setChecked] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(invoice.services.map((s) => [s.id, isWrittenOff(s)])),
  );
  const isChecked = (id: number) => checked[id] ?? false;

  const entries = useMemo(
    () => invoice.services.map((s) => ({ service: s, entry: writeOffEntry(s, checked[s.id] ?? false) })),
    [invoice.services, checked],
  );
  const changed = entries.filter(({ service, entry }) => entryChanges(service, entry)).map(({ entry }) => entry);
  const totals = writeOffTotals(invoice.services, isChecked);
  const submitting = writeOff.isPending;

  const submit = useSubmit({
    submit: writeOff.mutateAsync,
    successMessage: BILLING_MESSAGES.servicesWrittenOff,
    onSuccess: (result) => {
      const after = result.invoices.find((i) => i.id === invoice.id);
      if (after) onDone(after);
    },
    close: onClose,
  });

  const outstandingShown = (s: InvoiceService) => {
    const entry = entries.find((e) => e.service.id === s.id)?.entry;
    return entry ? effectiveOutstanding({ ...s, outstanding: entry.outstanding, write_off: entry.write_off }) : '0.00';
  };

  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Write Off</DialogTitle>
      <DialogContent dividers>
        <TableContainer>
          <Table size="small" aria-label="Services to write off">
            <TableHead>
              <TableRow>
                <TableCell>Product Name</TableCell>
                <TableCell align="right">Original Amount</TableCell>
                <TableCell align="right">Outstanding</TableCell>
                <TableCell align="center">Write Off</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.services.map((s) => {
                const name = s.order_product.order_product_name;
                return (
                  <TableRow key={s.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={paths.products.edit.url(s.product.id)} underline="hover">
                        {name}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{money(invoiceAmount(s))}</TableCell>
                    <TableCell align="right">{money(outstandingShown(s))}</TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        checked={isChecked(s.id)}
                        disabled={submitting || !canWriteOff(s)}
                        onChange={(event) => setChecked((prev) => ({ ...prev, [s.id]: event.target.checked }))}
                        slotProps={{ input: { 'aria-label': `Write off ${name}` } }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
              <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
                <TableCell>Totals</TableCell>
                <TableCell align="right">{money(totals.original)}</TableCell>
                <TableCell align="right">{money(totals.outstanding)}</TableCell>
                <TableCell align="center" aria-label="Total written off">
                  {money(totals.writeOff)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={submitting || changed.length === 0}
          onClick={() => void submit(changed)}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
