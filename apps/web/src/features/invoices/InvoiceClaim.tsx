import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Invoice } from '@dme/shared';
import { ClaimStatusChip } from '@/components/ClaimStatusChip.tsx';
import { paths } from '@/config/paths.ts';

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
          <Link
            component={RouterLink}
            to={paths.claims.detail.url(claim.id)}
            underline="hover"
            sx={{ fontWeight: 500 }}
          >
            {claim.claim_number}
          </Link>
          <ClaimStatusChip status={claim.status} />
        </>
      ) : (
        <Typography variant="body2">No claim</Typography>
      )}
    </Stack>
  );
}
