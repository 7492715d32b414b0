import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MSG, ORDER_MESSAGES, occurrenceUpdateSchema, type Occurrence } from '@dme/shared';
import { isApiError } from '@/lib/api-client.ts';
import { isFieldErrorMap } from '@/lib/form-errors.ts';
import { useNotify } from '@/lib/notify.ts';
import { useUpdateOccurrencePo } from '../api/update-occurrence.ts';
import { displayDate } from '../format.ts';

/** The occurrence's PO number, saved when the field loses focus (and only when it changed). */
export function OccurrencePoField({ orderId, occurrence }: { orderId: number; occurrence: Occurrence }) {
  const notify = useNotify();
  const update = useUpdateOccurrencePo(orderId);
  const [value, setValue] = useState(occurrence.po_number);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(occurrence.po_number);
  // Follow a value saved elsewhere (a refetch) unless the user is changing this one.
  if (occurrence.po_number !== seen) {
    setSeen(occurrence.po_number);
    setValue(occurrence.po_number);
  }

  const save = async () => {
    const parsed = occurrenceUpdateSchema.safeParse({ po_number: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.requestFailed);
      return;
    }
    setError(null);
    if (parsed.data.po_number === occurrence.po_number) return;
    try {
      await update.mutateAsync({ id: occurrence.id, poNumber: parsed.data.po_number });
      notify.success(ORDER_MESSAGES.occurrencePoAdded);
    } catch (failure) {
      if (isApiError(failure, 422) && isFieldErrorMap(failure.body)) setError(failure.body.po_number?.[0] ?? null);
      notify.error(MSG.requestFailed);
    }
  };

  return (
    <TextField
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void save()}
      placeholder="PO number"
      error={error !== null}
      helperText={error ?? undefined}
      sx={{ minWidth: 160, maxWidth: 240 }}
      slotProps={{ htmlInput: { 'aria-label': `Ocurrence PO ${displayDate(occurrence.date)}` } }}
    />
  );
}
