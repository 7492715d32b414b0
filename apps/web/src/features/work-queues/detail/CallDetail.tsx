import { useEffect, useId } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Navigate, useNavigate } from 'react-router';
import { formatDisplayDate, fullName, OPERATIONS_MESSAGES, ORDER_NOTES_MAX, type CallOccurrence } from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useCallOccurrence } from '../api/get-call-occurrence.ts';
import type { CallDetailSource } from '../api/keys.ts';
import { CallNotesPanel } from './CallNotesPanel.tsx';
import { useCloseDetail } from './close-detail.ts';
import { HoldAlert } from './HoldAlert.tsx';
import { NotesArea } from './NotesArea.tsx';
import { OrderDetailsPanel } from './OrderDetailsPanel.tsx';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function HeaderField({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ opacity: 0.8, lineHeight: 1.2 }}>
        {label}
      </Typography>
      <Typography variant="subtitle1" component="div" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {value || '\u00a0'}
      </Typography>
    </Box>
  );
}

function DetailBody({ occurrence }: { occurrence: CallOccurrence }) {
  const { order } = occurrence;
  const held = occurrence.holds.length > 0 || occurrence.hold_release !== null;
  return (
    <Grid container spacing={2}>
      {held ? (
        <Grid size={12}>
          <HoldAlert occurrenceId={occurrence.id} hold={occurrence} />
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, lg: 4 }}>
        <CallNotesPanel occurrenceId={occurrence.id} />
      </Grid>
      <Grid size={{ xs: 12, lg: 8 }}>
        <OrderDetailsPanel occurrence={occurrence} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <NotesArea
          label="General Notes"
          target={{ field: 'notes', id: order.patient.id }}
          saved={order.patient.notes}
          successMessage={OPERATIONS_MESSAGES.updated}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <NotesArea
          label="Office Notes"
          target={{ field: 'office_notes', id: order.id }}
          saved={order.office_notes}
          successMessage={OPERATIONS_MESSAGES.orderUpdated}
          maxLength={ORDER_NOTES_MAX}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <NotesArea
          label="Patient Notes"
          target={{ field: 'patient_notes', id: order.id }}
          saved={order.patient_notes}
          successMessage={OPERATIONS_MESSAGES.orderUpdated}
          maxLength={ORDER_NOTES_MAX}
        />
      </Grid>
    </Grid>
  );
}

interface CallDetailDialogProps {
  source: CallDetailSource;
  id: number;
  listPath: string;
}

/** The call detail as a full-screen dialog over its list (spec 2.5). */
function CallDetailDialog({ source, id, listPath }: CallDetailDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const close = useCloseDetail(listPath);
  const detail = useCallOccurrence(source, id);
  const occurrence = detail.data;

  // A detail whose first load fails goes to the not-found screen (spec part 1 section 2).
  const failed = detail.isError && !occurrence;
  useEffect(() => {
    if (failed) void navigate(paths.notFound, { replace: true });
  }, [failed, navigate]);

  return (
    <Dialog open fullScreen onClose={close} aria-labelledby={titleId}>
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 2 }}>
          <Typography id={titleId} component="h1" sx={VISUALLY_HIDDEN}>
            Call detail
          </Typography>
          <IconButton edge="start" color="inherit" onClick={close} aria-label="Close">
            <CloseIcon />
          </IconButton>
          <Stack direction="row" spacing={5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <HeaderField label="Patient Name" value={occurrence ? fullName(occurrence.order.patient) : ''} />
            <HeaderField label="Date of Service" value={occurrence ? formatDisplayDate(occurrence.date) : ''} />
          </Stack>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, md: 3 }, bgcolor: 'background.default', flexGrow: 1 }}>
        {occurrence ? (
          <DetailBody occurrence={occurrence} />
        ) : (
          <Box sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
      </Box>
    </Dialog>
  );
}

function CallDetailRoute({ source, listPath }: { source: CallDetailSource; listPath: string }) {
  const id = useIdParam();
  if (id === null) return <Navigate to={paths.notFound} replace />;
  return <CallDetailDialog key={id} source={source} id={id} listPath={listPath} />;
}

/** /call-customers/{id}. */
export function CallCustomerDetail() {
  return <CallDetailRoute source="call-customers" listPath={paths.callPatients.list} />;
}

/** /call-customer-w-eligibility/{id}. */
export function CallEligibilityDetail() {
  return <CallDetailRoute source="call-eligibility" listPath={paths.callPatientsWithEligibility.list} />;
}
