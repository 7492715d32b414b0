import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DENIAL_STATUS_LABELS, DENIAL_STATUSES } from '@dme/shared';
import type { DenialFilters } from './api/get-denials.ts';
import { PayerFilter } from './PayerFilter.tsx';

const AGES: { value: number | ''; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 30, label: 'Over 30 days' },
  { value: 60, label: 'Over 60 days' },
  { value: 90, label: 'Over 90 days' },
];

const STATUSES: { value: DenialFilters['status']; label: string }[] = [
  ...DENIAL_STATUSES.map((status) => ({ value: status, label: DENIAL_STATUS_LABELS[status] })),
  { value: 'all', label: 'All' },
];

/** A CARC is letters and digits, at most 10 (the route's rule). */
const REASON = /^[A-Za-z0-9]{0,10}$/;
const REASON_INVALID = 'Letters and digits only';
/** Typing a reason asks the server once the typing pauses. */
const REASON_DELAY_MS = 600;

const fieldSx = { width: { xs: '100%', sm: 170 } } as const;

/** The Denials queue's filters: payer, reason code, age and status. */
export function DenialFilterBar({
  filters,
  onChange,
}: {
  filters: DenialFilters;
  onChange: (patch: Partial<DenialFilters>) => void;
}) {
  const [reason, setReason] = useState(filters.reason);
  const reasonValid = REASON.test(reason.trim());

  useEffect(() => {
    const text = reason.trim();
    if (!REASON.test(text) || text === filters.reason) return undefined;
    const timer = setTimeout(() => onChange({ reason: text }), REASON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reason, filters.reason, onChange]);

  return (
    <>
      <PayerFilter value={filters.payer} onChange={(payer) => onChange({ payer })} />
      <TextField
        label="Reason"
        placeholder="CARC, e.g. 50"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={!reasonValid}
        helperText={reasonValid ? undefined : REASON_INVALID}
        sx={fieldSx}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label="Age"
        value={filters.min_age}
        onChange={(event) => onChange({ min_age: event.target.value === '' ? '' : Number(event.target.value) })}
        sx={fieldSx}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {AGES.map((age) => (
          <MenuItem key={age.label} value={age.value}>
            {age.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as DenialFilters['status'] })}
        sx={fieldSx}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status.value} value={status.value}>
            {status.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
