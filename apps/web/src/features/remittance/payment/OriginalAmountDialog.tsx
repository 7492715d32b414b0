import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { originalAmountSchema, REMITTANCE_MESSAGES, type RemittanceService } from '@dme/shared';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useUpdateOriginalAmount } from '../api/update-original-amount.ts';

interface OriginalAmountDialogProps {
  service: RemittanceService | null;
  occurrenceId: number;
  onClose: () => void;
}

/** Update Original Amount: a service's quantity and sale price. */
export function OriginalAmountDialog({ service, occurrenceId, onClose }: OriginalAmountDialogProps) {
  const update = useUpdateOriginalAmount(occurrenceId);
  const send = useSubmit({
    submit: update.mutateAsync,
    successMessage: REMITTANCE_MESSAGES.originalUpdated,
    errorMessage: REMITTANCE_MESSAGES.originalFailed,
    close: onClose,
  });
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (service) {
      setQuantity(String(service.amount_remmited));
      setPrice(service.sale_price.toFixed(2));
      setTouched(false);
    }
  }, [service]);

  const parsed = originalAmountSchema.safeParse({ amount_remmited: quantity, sale_price: price });
  const errorOf = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;

  const save = async () => {
    setTouched(true);
    if (!service || !parsed.success) return;
    await send({ id: service.id, body: { amount_remmited: quantity, sale_price: price } });
  };

  return (
    <Dialog open={service !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Update Original Amount</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Product" value={service?.order_product.order_product_name ?? ''} disabled />
          <TextField
            label="Quantity"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(errorOf('amount_remmited'))}
            helperText={touched ? errorOf('amount_remmited') : undefined}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Sale Price"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(errorOf('sale_price'))}
            helperText={touched ? errorOf('sale_price') : undefined}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending || !parsed.success}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
