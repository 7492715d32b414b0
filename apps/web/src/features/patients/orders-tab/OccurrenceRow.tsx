import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CommentIcon from '@mui/icons-material/CommentOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDisplayDate } from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { invoiceAction, shippingTicketAction, type PatientOccurrence } from './occurrence-actions.ts';

/** Spec: occurrence dates on the patient's Orders tab read MM-DD-YYYY. */
export const OCCURRENCE_DATE_FORMAT = 'MM-DD-YYYY';

export function occurrenceTitle(index: number): string {
  return `Ocurrence #${index + 1}`;
}

interface OccurrenceRowProps {
  occurrence: PatientOccurrence;
  index: number;
  onCallNotes: () => void;
}

/** One occurrence of an expanded order: its number, date and the four actions. */
export function OccurrenceRow({ occurrence, index, onCallNotes }: OccurrenceRowProps) {
  const title = occurrenceTitle(index);
  const date = formatDisplayDate(occurrence.date, OCCURRENCE_DATE_FORMAT);
  const ticket = shippingTicketAction(occurrence);
  const invoice = invoiceAction(occurrence);
  return (
    <Stack
      component="li"
      direction="row"
      aria-label={`${title} ${date}`}
      sx={{ alignItems: 'center', gap: 1, py: 0.75, px: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {date}
        </Typography>
        {occurrence.shipped ? <Chip size="small" color="success" label="Shipped" sx={{ height: 20 }} /> : null}
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <Tooltip disableInteractive title="Show order">
          <IconButton size="small" component={RouterLink} to={paths.callPatients.detail.url(occurrence.id)} aria-label={`Show order ${title}`}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip disableInteractive title="Show call notes">
          <IconButton size="small" aria-label={`Show call notes ${title}`} onClick={onCallNotes}>
            <CommentIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip disableInteractive title={ticket.reason}>
          <span>
            {/* Disabled until the operations area brings the ticket call (see occurrence-actions.ts). */}
            <IconButton size="small" aria-label={`Print shipping ticket ${title}`} disabled>
              <LocalShippingIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip disableInteractive title={invoice.reason}>
          <span>
            <IconButton size="small" aria-label={`Print invoice ${title}`} disabled>
              <ReceiptIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
