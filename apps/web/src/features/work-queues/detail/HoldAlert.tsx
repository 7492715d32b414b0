import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import dayjs from 'dayjs';
import { ADMIN_ROLE_ID, DISPLAY_DATE, type HoldFields } from '@dme/shared';
import { HoldReleaseDialog } from '@/components/HoldReleaseDialog.tsx';
import { useSession } from '@/lib/auth.ts';

function Reasons({ holds }: { holds: readonly string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {holds.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </Box>
  );
}

/**
 * The hold of the call detail's occurrence: every reason it is held for, with Release hold for
 * administrators (the server refuses the others); or who released it, when and why. Nothing
 * when nothing holds it.
 */
export function HoldAlert({ occurrenceId, hold }: { occurrenceId: number; hold: HoldFields }) {
  const admin = useSession().role_id === ADMIN_ROLE_ID;
  const [releasing, setReleasing] = useState(false);
  const { holds, hold_release: release } = hold;

  if (holds.length > 0) {
    return (
      <>
        <Alert
          severity="warning"
          action={
            admin ? (
              <Button color="inherit" size="small" variant="outlined" onClick={() => setReleasing(true)}>
                Release hold
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>On hold</AlertTitle>
          <Reasons holds={holds} />
        </Alert>
        {releasing ? (
          <HoldReleaseDialog occurrenceId={occurrenceId} holds={holds} onClose={() => setReleasing(false)} />
        ) : null}
      </>
    );
  }
  if (release) {
    return (
      <Alert severity="info">
        <AlertTitle>
          Hold released by {release.user} on {dayjs(release.created).format(DISPLAY_DATE)}: {release.reason}
        </AlertTitle>
        {release.holds.length > 0 ? (
          <>
            It was held for:
            <Reasons holds={release.holds} />
          </>
        ) : null}
      </Alert>
    );
  }
  return null;
}
