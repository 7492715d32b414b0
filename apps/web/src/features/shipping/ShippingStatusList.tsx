import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DrawIcon from '@mui/icons-material/DrawOutlined';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshopOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import ViewListIcon from '@mui/icons-material/ViewListOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import {
  DEFAULT_SHIPPING_ORDERING,
  DOCUMENT_MESSAGES,
  formatDisplayDate,
  reprintRefusal,
  SHIPPING_MESSAGES,
  shippedToggleRefusal,
  ticketFileName,
  ticketPrintRefusal,
  type ShippingRecord,
  upcomingWorkDates,
} from '@dme/shared';
import { HoldIndicator } from '@/components/HoldIndicator.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { deliveryAction, ProofOfDeliveryDialog, RecordPatientDeliveryDialog } from '@/components/delivery/index.ts';
import { PdfPreviewDialog } from '@/components/pdf-preview/index.ts';
import { denseCellsSx, ServerTable, useServerList, type Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { detailOf, failureMessage, isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { DEFAULT_SHIPPING_FILTERS, type ShippingFilterState } from './api/filters.ts';
import { getShippingStatus } from './api/get-shipping-status.ts';
import { shippingKeys } from './api/keys.ts';
import { printTicket } from './api/print-ticket.ts';
import { reprintTicket } from './api/reprint-ticket.ts';
import { useUpdateShipping } from './api/update-shipping.ts';
import { BatchPrintDialog } from './BatchPrintDialog.tsx';
import { LargeBatchDialog } from './LargeBatchDialog.tsx';
import { ShippingFilters } from './ShippingFilters.tsx';
import { StatusDot } from './StatusDot.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'Shipping Status' }];

/** Filters survive a reload under this key and are cleared at Log Out (like the other two queues). */
export const SHIPPING_PERSIST_KEY = 'shipping';

const patientName = (row: ShippingRecord) => `${row.patient.first_name} ${row.patient.last_name}`.trim();
const ticketState = (row: ShippingRecord) => ({ ...row, call_before_delivery: row.patient.call_before_delivery });

interface TicketView {
  id: number;
  reprint: boolean;
  name: string;
}

/** The delivery dialog open for a row: recording it, or viewing its proof. */
interface DeliveryView {
  kind: 'record' | 'view';
  row: ShippingRecord;
}

const rowTitle = (row: ShippingRecord) => `${patientName(row)} ${formatDisplayDate(row.date)}`;

/** /shipping-status/: tickets, reprints, the Shipped switch, and batch and large batch print. */
export function ShippingStatusList() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useUpdateShipping();
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [ticket, setTicket] = useState<TicketView | null>(null);
  const [delivery, setDelivery] = useState<DeliveryView | null>(null);
  const [dialog, setDialog] = useState<'batch' | 'large' | null>(null);

  const list = useServerList<ShippingRecord, ShippingFilterState>({
    queryKey: shippingKeys.list(),
    fetcher: getShippingStatus,
    // Opens on the work still to do; dates the user chose and the list saved win (persistKey).
    filters: { ...DEFAULT_SHIPPING_FILTERS, ...upcomingWorkDates() },
    dailyFilters: ['start_date', 'end_date'],
    ordering: DEFAULT_SHIPPING_ORDERING,
    persistKey: SHIPPING_PERSIST_KEY,
  });
  const batchFilters = { ...list.filters, search: list.search };
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: shippingKeys.list() });

  const toggleShipped = async (row: ShippingRecord) => {
    setSaving((ids) => new Set(ids).add(row.id));
    try {
      await update.mutateAsync({
        id: row.id,
        body: { shipped: !row.shipped, eligibility_toggle: row.eligibility_toggle },
      });
      notify.success(SHIPPING_MESSAGES.shipped);
    } catch (error) {
      // The spec's words, then the server's reason when it gave one ("... its invoice already has payments.").
      const reason = isApiError(error) ? detailOf(error.body) : undefined;
      notify.error(failureMessage(error, `${SHIPPING_MESSAGES.shippedFailed}${reason ?? ''}`));
    } finally {
      setSaving((ids) => {
        const next = new Set(ids);
        next.delete(row.id);
        return next;
      });
    }
  };

  const columns: Column<ShippingRecord>[] = [
    {
      id: 'patient',
      header: 'Patient Name',
      sortField: 'patient_name',
      render: (row) => (
        <Link component={RouterLink} to={paths.patients.edit.url(row.patient.id)} underline="hover">
          {patientName(row)}
        </Link>
      ),
    },
    { id: 'state', header: 'State', sortField: 'state', render: (row) => row.patient.state?.name ?? '-' },
    { id: 'order', header: 'Order Number', sortField: 'order', align: 'right', render: (row) => row.order.id },
    { id: 'date', header: 'DOS', sortField: 'date', render: (row) => formatDisplayDate(row.date) },
    {
      id: 'hold',
      header: 'Hold',
      align: 'center',
      render: (row) => <HoldIndicator holds={row.holds} hold_release={row.hold_release} />,
    },
    {
      id: 'eligibility',
      header: 'Eligibility',
      align: 'center',
      render: (row) => <StatusDot state={row.eligibility_toggle ? 'on' : 'off'} label="Eligibility" />,
    },
    {
      id: 'approved',
      header: 'Customer Approved',
      align: 'center',
      render: (row) => (
        <StatusDot
          state={row.customer_approved ? 'on' : row.patient.call_before_delivery ? 'off' : 'not-needed'}
          label="Customer Approved"
        />
      ),
    },
    {
      id: 'ticket',
      header: 'Ticket Created',
      sortField: 'ticket_created',
      render: (row) => formatDisplayDate(row.ticket_created) || '-',
    },
    { id: 'ticket-user', header: 'Ticket Created By', render: (row) => row.user_ticket?.username ?? '-' },
    {
      id: 'reprint',
      header: 'Re Print Service',
      align: 'center',
      render: (row) => {
        const refusal = reprintRefusal(row);
        return (
          <Tooltip disableInteractive title={refusal ?? 'Re print the shipping ticket'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Re Print Service ${patientName(row)} ${formatDisplayDate(row.date)}`}
                disabled={refusal !== null}
                onClick={() => setTicket({ id: row.id, reprint: true, name: patientName(row) })}
              >
                <ReplayIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
    {
      id: 'print',
      header: 'Print Service',
      align: 'center',
      render: (row) => {
        const refusal = ticketPrintRefusal(ticketState(row));
        return (
          <Tooltip disableInteractive title={refusal ?? 'Print the shipping ticket'}>
            <span>
              <IconButton
                size="small"
                color="primary"
                aria-label={`Print Service ${patientName(row)} ${formatDisplayDate(row.date)}`}
                disabled={refusal !== null}
                onClick={() => setTicket({ id: row.id, reprint: false, name: patientName(row) })}
              >
                <PrintIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
    {
      id: 'shipped',
      header: 'Shipped',
      align: 'center',
      render: (row) => {
        // A signed delivery stays shipped: the switch cannot take it back.
        const refusal =
          row.delivery_document_id !== null ? DOCUMENT_MESSAGES.alreadyDelivered : shippedToggleRefusal(row);
        return (
          <Tooltip disableInteractive title={refusal ?? ''}>
            <span>
              <Switch
                size="small"
                checked={row.shipped}
                disabled={refusal !== null || saving.has(row.id)}
                onChange={() => void toggleShipped(row)}
                slotProps={{
                  input: { 'aria-label': `Shipped ${patientName(row)} ${formatDisplayDate(row.date)}` },
                }}
              />
            </span>
          </Tooltip>
        );
      },
    },
    {
      id: 'shipped-date',
      header: 'Shipped Date',
      sortField: 'shipped_date',
      render: (row) => formatDisplayDate(row.shipped_date) || '-',
    },
    {
      id: 'delivery',
      header: 'Delivery',
      align: 'center',
      render: (row) => {
        const action = deliveryAction(row);
        const label = action.kind === 'view' ? 'View proof of delivery' : 'Record delivery';
        return (
          <Tooltip disableInteractive title={action.reason}>
            <span>
              <IconButton
                size="small"
                color={action.kind === 'view' ? 'success' : 'primary'}
                aria-label={`${label} ${rowTitle(row)}`}
                disabled={!action.allowed}
                onClick={() => setDelivery({ kind: action.kind, row })}
              >
                {action.kind === 'view' ? <ReceiptLongIcon fontSize="small" /> : <DrawIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Shipping Status"
        breadcrumbs={breadcrumbs}
        actions={
          <Button component={RouterLink} to={paths.batchShippingStatus} startIcon={<ViewListIcon />}>
            Large Batch View
          </Button>
        }
      />
      {/* Fourteen columns: the dense cells of the work queues, tighter still, so a row fits at 1440 px. */}
      <Box sx={denseCellsSx(0.5)}>
        <ServerTable
          list={list}
          columns={columns}
          getRowId={(row) => row.id}
          emptyItems="OCCURRENCES"
          label="Shipping Status"
          filters={<ShippingFilters filters={list.filters} onChange={list.setFilters} />}
          actions={
            <>
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setDialog('batch')}>
                Batch print
              </Button>
              <Button variant="contained" startIcon={<LocalPrintshopIcon />} onClick={() => setDialog('large')}>
                Large Batch print
              </Button>
            </>
          }
        />
      </Box>
      {ticket ? (
        <PdfPreviewDialog
          key={`${ticket.id}-${ticket.reprint ? 'reprint' : 'print'}`}
          open
          heading={`${ticket.reprint ? 'Re print' : 'Print'} shipping ticket: ${ticket.name}`}
          source={() => (ticket.reprint ? reprintTicket(ticket.id) : printTicket(ticket.id))}
          fileName={ticketFileName(ticket.id)}
          title={`Shipping ticket ${ticket.id}`}
          onLoaded={refreshList}
          onError={() => {
            notify.error(SHIPPING_MESSAGES.downloadError);
            refreshList();
          }}
          onClose={() => setTicket(null)}
        />
      ) : null}
      {delivery?.kind === 'record' ? (
        <RecordPatientDeliveryDialog
          patientId={delivery.row.patient.id}
          occurrenceId={delivery.row.id}
          subtitle={`${patientName(delivery.row)}, ${formatDisplayDate(delivery.row.date)}`}
          refresh={[shippingKeys.list()]}
          onClose={() => setDelivery(null)}
        />
      ) : null}
      {delivery?.kind === 'view' ? (
        <ProofOfDeliveryDialog
          occurrenceId={delivery.row.id}
          subtitle={`${patientName(delivery.row)}, ${formatDisplayDate(delivery.row.date)}`}
          onClose={() => setDelivery(null)}
        />
      ) : null}
      <BatchPrintDialog open={dialog === 'batch'} filters={batchFilters} onClose={() => setDialog(null)} />
      <LargeBatchDialog open={dialog === 'large'} filters={batchFilters} onClose={() => setDialog(null)} />
      <Typography component="p" variant="caption" color="text.secondary" sx={{ mt: 1 }}>
        Batch print prints the first ticket of every record in the filters that is eligible, approved when the patient
        is called before delivery, and not printed or shipped yet.
      </Typography>
    </>
  );
}
