import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { ReadyClaimRow } from '@dme/shared';

/**
 * The Status cell of Ready to Bill: "Ready", or each problem as a link to the screen and field
 * that fix it; the reason of the last rejection above them when the invoice came back rejected.
 */
export function ReadyStatus({ row }: { row: ReadyClaimRow }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {row.rejection ? (
        <Alert
          role="note"
          severity="warning"
          sx={{ py: 0, px: 1, fontSize: '0.8125rem', '& .MuiAlert-icon': { py: 0.5, mr: 0.75 } }}
        >
          Rejected: {row.rejection}
        </Alert>
      ) : null}
      {row.problems.length === 0 ? (
        <Chip size="small" color="success" label="Ready" />
      ) : (
        <Box
          component="ul"
          aria-label={`Problems of invoice ${row.invoice_id}`}
          sx={{ m: 0, pl: 2, '& li': { fontSize: '0.8125rem', lineHeight: 1.4 } }}
        >
          {row.problems.map((problem) => (
            <li key={`${problem.link} ${problem.message}`}>
              <Link component={RouterLink} to={problem.link} underline="hover">
                {problem.message}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
