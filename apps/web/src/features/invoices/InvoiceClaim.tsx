import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@dme/shared';
import { ClaimStatusChip } from '@/components/ClaimStatusChip.tsx';
import { paths } from '@/config/paths.ts';
import { RowLink } from '@/components/RowLink.tsx';

/** The claim that bills the invoice, with its status, or "No claim". */
export function InvoiceClaim({ claim }: { claim: Invoice['claim'] }) {
  return (
    <Stack
      role="group"
      aria-label="Claim"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="caption" color="text.secondary">
        Claim
      </Typography>
      {claim ? (
        <>
          <RowLink to={paths.claims.detail.url(claim.id)}>{claim.claim_number}</RowLink>
          <ClaimStatusChip status={claim.status} />
        </>
      ) : (
        <Typography variant="body2">No claim</Typography>
      )}
    </Stack>
  );
}
