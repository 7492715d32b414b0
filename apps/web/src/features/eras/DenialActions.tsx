import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { DenialRow } from '@dme/shared';

/** What a person may still do with a denial: each action names its denial for a screen reader. */
export type DenialAction = 'resubmit' | 'write_off' | 'appeal';

/** Open denials may be worked every way; an appealed one may still be resubmitted or written off. */
export function actionsOf(denial: DenialRow): DenialAction[] {
  switch (denial.status) {
    case 'open':
      return ['resubmit', 'write_off', 'appeal'];
    case 'appealed':
      return ['resubmit', 'write_off'];
    case 'resubmitted':
    case 'written_off':
      return [];
  }
}

const LABELS: Record<DenialAction, string> = { resubmit: 'Resubmit', write_off: 'Write off', appeal: 'Appeal' };

export function DenialActions({
  denial,
  disabled,
  onAction,
}: {
  denial: DenialRow;
  disabled: boolean;
  onAction: (action: DenialAction, denial: DenialRow) => void;
}) {
  const actions = actionsOf(denial);
  if (actions.length === 0) return '-';
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-end' }}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          disabled={disabled}
          aria-label={`${LABELS[action]} ${denial.claim_number} ${denial.hcpcs}`}
          onClick={() => onAction(action, denial)}
          sx={{ py: 0, whiteSpace: 'nowrap' }}
        >
          {LABELS[action]}
        </Button>
      ))}
    </Stack>
  );
}
