import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CommentIcon from '@mui/icons-material/CommentOutlined';
import DrawIcon from '@mui/icons-material/DrawOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDisplayDate, MSG } from '@dme/shared';
import { useAreaActions } from '@/components/area-actions.tsx';
import { deliveryAction, ProofOfDeliveryDialog, RecordPatientDeliveryDialog } from '@/components/delivery/index.ts';
import { HoldIndicator } from '@/components/HoldIndicator.tsx';
import { paths } from '@/config/paths.ts';
import { failureMessage } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { patientOrdersKeys } from './api/keys.ts';
import { invoiceAction, shippingTicketAction, type PatientOccurrence } from './occurrence-actions.ts';
import { ShippingTicketDialog } from './ShippingTicketDialog.tsx';

/** Spec: occurrence dates on the patient's Orders tab read MM-DD-YYYY. */
export const OCCURRENCE_DATE_FORMAT = 'MM-DD-YYYY';

export function occurrenceTitle(index: number): string {
  return `Ocurrence #${index + 1}`;
}

interface OccurrenceRowProps {
  patientId: number;
  occurrence: PatientOccurrence;
  index: number;
  onCallNotes: () => void;
}

/** One occurrence of an expanded order: its number, date and its actions. */
export function OccurrenceRow({ patientId, occurrence, index, onCallNotes }: OccurrenceRowProps) {
  const title = occurrenceTitle(index);
  const date = formatDisplayDate(occurrence.date, OCCURRENCE_DATE_FORMAT);
  const ticket = shippingTicketAction(occurrence);
  const [printing, setPrinting] = useState(false);
  const delivery = deliveryAction(occurrence);
  const deliveryLabel = delivery.kind === 'view' ? 'View proof of delivery' : 'Record delivery';
  const [deliveryOpen, setDeliveryOpen] = useState(false);
  const invoice = invoiceAction(occurrence);
  const { downloadInvoicePdf } = useAreaActions();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  // Every shipped occurrence has its invoice (shipping creates it): the button saves invoice-{id}.pdf.
  const printInvoice = async () => {
    setDownloading(true);
    try {
      if (!occurrence.invoice) throw new Error('no invoice');
      await downloadInvoicePdf(occurrence.invoice.id);
    } catch (error) {
      notify.error(failureMessage(error, MSG.requestFailed));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack
      component="li"
      direction="row"
      aria-label={`${title} ${date}`}
      sx={{
        alignItems: 'center',
        gap: 1,
        py: 0.75,
        px: 1.5,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {date}
        </Typography>
        {occurrence.shipped ? <Chip size="small" color="success" label="Shipped" sx={{ height: 20 }} /> : null}
        {occurrence.holds.length > 0 || occurrence.hold_release ? (
          // Centred: the row's texts sit on one baseline, an icon button has none of its own.
          <Box sx={{ alignSelf: 'center', lineHeight: 0 }}>
            <HoldIndicator holds={occurrence.holds} hold_release={occurrence.hold_release} />
          </Box>
        ) : null}
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <Tooltip disableInteractive title="Show order">
          <IconButton
            size="small"
            component={RouterLink}
            to={paths.callPatients.detail.url(occurrence.id)}
            aria-label={`Show order ${title}`}
          >
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
            <IconButton
              size="small"
              aria-label={`Print shipping ticket ${title}`}
              disabled={!ticket.allowed}
              onClick={() => setPrinting(true)}
            >
              <LocalShippingIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip disableInteractive title={delivery.reason}>
          <span>
            <IconButton
              size="small"
              color={delivery.kind === 'view' ? 'success' : 'default'}
              aria-label={`${deliveryLabel} ${title}`}
              disabled={!delivery.allowed}
              onClick={() => setDeliveryOpen(true)}
            >
              {delivery.kind === 'view' ? <ReceiptLongIcon fontSize="small" /> : <DrawIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip disableInteractive title={invoice.reason}>
          <span>
            <IconButton
              size="small"
              aria-label={`Print invoice ${title}`}
              disabled={!invoice.allowed || downloading}
              onClick={() => void printInvoice()}
            >
              <ReceiptIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {printing ? (
        <ShippingTicketDialog
          occurrenceId={occurrence.id}
          title={`${title} ${date}`}
          onClose={() => setPrinting(false)}
        />
      ) : null}
      {deliveryOpen && delivery.kind === 'record' ? (
        <RecordPatientDeliveryDialog
          patientId={patientId}
          occurrenceId={occurrence.id}
          subtitle={`${title} ${date}`}
          refresh={[patientOrdersKeys.orders(patientId)]}
          onClose={() => setDeliveryOpen(false)}
        />
      ) : null}
      {deliveryOpen && delivery.kind === 'view' ? (
        <ProofOfDeliveryDialog
          occurrenceId={occurrence.id}
          subtitle={`${title} ${date}`}
          onClose={() => setDeliveryOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
