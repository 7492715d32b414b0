import { useId } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { invoiceAmount, MSG, type InvoiceService } from '@dme/shared';
import { isApiError } from '@/lib/api-client.ts';
import { useInvoiceServices } from './api/get-invoice.ts';
import { money, refusalText } from './format.ts';

const serviceLabel = (s: InvoiceService) =>
  `${s.order_product.order_product_reference_code} ${s.order_product.order_product_name}: ${money(invoiceAmount(s))} (service ${s.id})`;

/** The services of an invoice, one to choose (the one a remittance line pays). */
export function ServicePicker({
  invoiceId,
  value,
  onChange,
  disabled,
}: {
  invoiceId: number;
  value: number | null;
  onChange: (serviceId: number) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  const invoice = useInvoiceServices(invoiceId);
  if (invoice.isError) {
    const text = isApiError(invoice.error, 404)
      ? `Invoice ${invoiceId} was not found`
      : refusalText(invoice.error, MSG.requestFailed);
    return <Alert severity="error">{text}</Alert>;
  }
  if (!invoice.data) return <CircularProgress size={24} aria-label="Loading the invoice's services" />;
  const services = invoice.data.services;
  if (services.length === 0) return <Alert severity="info">Invoice {invoiceId} has no services.</Alert>;
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={labelId}>Services of invoice {invoiceId}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {services.map((s) => (
          <FormControlLabel key={s.id} value={String(s.id)} control={<Radio size="small" />} label={serviceLabel(s)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
