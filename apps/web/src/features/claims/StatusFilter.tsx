import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type ClaimStatus } from '@dme/shared';

const OPTIONS: { value: ClaimStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...CLAIM_STATUSES.map((status) => ({ value: status, label: CLAIM_STATUS_LABELS[status] })),
];

/** The Claims list's status filter: one chip per status and "All"; the chosen one is filled. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: ClaimStatus | '';
  onChange: (value: ClaimStatus | '') => void;
}) {
  return (
    <Stack direction="row" role="group" aria-label="Status" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {OPTIONS.map((option) => {
        const chosen = option.value === value;
        return (
          <Chip
            key={option.label}
            label={option.label}
            size="small"
            color={chosen ? 'primary' : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            aria-pressed={chosen}
            onClick={() => onChange(option.value)}
          />
        );
      })}
    </Stack>
  );
}
