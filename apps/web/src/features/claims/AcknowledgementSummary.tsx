import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AcknowledgementResult } from '@dme/shared';
import { paths } from '@/config/paths.ts';

const claims = (n: number) => `${n} claim${n === 1 ? '' : 's'}`;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { fontSize: '0.875rem' } }}>
        {children}
      </Box>
    </Box>
  );
}

function ClaimLink({ id, number }: { id: number; number: string }) {
  return (
    <Link component={RouterLink} to={paths.claims.detail.url(id)} underline="hover">
      {number}
    </Link>
  );
}

/** What an uploaded 999 or 277CA did: claims accepted, claims rejected with the reason, references of no claim of ours. */
export function AcknowledgementSummary({ result }: { result: AcknowledgementResult }) {
  const nothing = result.accepted.length === 0 && result.rejected.length === 0 && result.unknown.length === 0;
  return (
    <Stack spacing={1.5}>
      <Alert severity={result.rejected.length > 0 ? 'warning' : 'success'}>
        {result.kind} read: {claims(result.accepted.length)} accepted, {claims(result.rejected.length)} rejected
        {result.unknown.length > 0
          ? `, ${result.unknown.length} unknown reference${result.unknown.length === 1 ? '' : 's'}`
          : ''}
        .
      </Alert>
      {result.accepted.length > 0 ? (
        <Part title="Accepted">
          {result.accepted.map((c) => (
            <li key={c.claim_id}>
              <ClaimLink id={c.claim_id} number={c.claim_number} />
            </li>
          ))}
        </Part>
      ) : null}
      {result.rejected.length > 0 ? (
        <Part title="Rejected">
          {result.rejected.map((c) => (
            <li key={c.claim_id}>
              <ClaimLink id={c.claim_id} number={c.claim_number} />: {c.reason}
            </li>
          ))}
        </Part>
      ) : null}
      {result.unknown.length > 0 ? (
        <Part title="Unknown references (nothing changed)">
          {result.unknown.map((reference, index) => (
            <li key={`${index} ${reference}`}>{reference}</li>
          ))}
        </Part>
      ) : null}
      {nothing ? (
        <Typography variant="body2" color="text.secondary">
          The file named no claim.
        </Typography>
      ) : null}
    </Stack>
  );
}
