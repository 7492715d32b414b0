import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Link as RouterLink } from 'react-router';
import { emptyTableText, formatDisplayDate, MSG, ORDER_MESSAGES, type PatientOrder } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { paths, type OrderLinkState } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useNotify } from '@/lib/notify.ts';
import { usePatientOrders } from './api/get-patient-orders.ts';
import { CallNotesDialog } from './CallNotesDialog.tsx';
import { OCCURRENCE_DATE_FORMAT, occurrenceTitle, OccurrenceRow } from './OccurrenceRow.tsx';
import { usePatientOrderActions } from './use-order-actions.ts';

export function orderTitle(order: { name: string }): string {
  return order.name.trim() || ORDER_MESSAGES.noOrderName;
}

/** The earliest date of service among the order's occurrences (YYYY-MM-DD), or null without any. */
export function firstServiceDate(order: Pick<PatientOrder, 'ocurrences'>): string | null {
  return order.ocurrences.reduce<string | null>(
    (first, o) => (first === null || o.date < first ? o.date : first),
    null,
  );
}

/** The server's {error} text of a refused delete. */
function refusalText(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const text = (error.body as Record<string, unknown>).error;
  return typeof text === 'string' && text ? text : undefined;
}

interface OrderCardProps {
  patientId: number;
  order: PatientOrder;
  linkState: OrderLinkState;
  onClone: () => void;
  onDelete: () => void;
  onCallNotes: (occurrenceId: number, subtitle: string) => void;
}

function OrderCard({ patientId, order, linkState, onClone, onDelete, onCallNotes }: OrderCardProps) {
  const [open, setOpen] = useState(false);
  const title = orderTitle(order);
  const named = order.name.trim() !== '';
  const firstDate = firstServiceDate(order);
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={`Order ${title}`}
      sx={{ listStyle: 'none', overflow: 'hidden' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.75 }}>
        <Tooltip disableInteractive title={open ? 'Hide occurrences' : 'Show occurrences'}>
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} order ${title}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            variant="body2"
            noWrap
            sx={{
              fontWeight: 600,
              fontStyle: named ? undefined : 'italic',
              color: named ? 'text.primary' : 'text.secondary',
            }}
          >
            {title}
          </Typography>
          {/* The number and first date of service tell a clone from its original. */}
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            #{order.id}
            {firstDate ? ` · first service ${formatDisplayDate(firstDate)}` : ''} · {order.delivery.name} ·{' '}
            {order.ocurrences.length} {order.ocurrences.length === 1 ? 'ocurrence' : 'ocurrences'}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={order.status.name}
          variant="outlined"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        />
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip disableInteractive title="Clone">
            <IconButton size="small" aria-label={`Clone order ${title}`} onClick={onClone}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip disableInteractive title="Edit">
            <IconButton
              size="small"
              component={RouterLink}
              to={paths.orders.edit.url(order.id)}
              state={linkState}
              aria-label={`Edit order ${title}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip disableInteractive title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete order ${title}`} onClick={onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'rgba(23, 96, 122, 0.03)' }}>
          {order.ocurrences.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.25 }}>
              This order has no ocurrences yet.
            </Typography>
          ) : (
            <Box component="ul" aria-label={`Ocurrences of ${title}`} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {order.ocurrences.map((occurrence, index) => (
                <OccurrenceRow
                  key={occurrence.id}
                  patientId={patientId}
                  occurrence={occurrence}
                  index={index}
                  onCallNotes={() =>
                    onCallNotes(
                      occurrence.id,
                      `${occurrenceTitle(index)} · ${formatDisplayDate(occurrence.date, OCCURRENCE_DATE_FORMAT)}`,
                    )
                  }
                />
              ))}
            </Box>
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}

/** Edit Patient, tab 2: the patient's orders with their occurrences and actions. */
export function PatientOrdersTab({ patientId }: { patientId: number }) {
  const notify = useNotify();
  const orders = usePatientOrders(patientId);
  const { clone, remove } = usePatientOrderActions(patientId);
  const [cloning, setCloning] = useState<PatientOrder | null>(null);
  const [deleting, setDeleting] = useState<PatientOrder | null>(null);
  const [notes, setNotes] = useState<{ occurrenceId: number; subtitle: string } | null>(null);
  const linkState: OrderLinkState = { fromPatient: patientId };

  const confirmClone = async () => {
    if (!cloning) return;
    try {
      await clone.run(cloning.id);
      notify.success(ORDER_MESSAGES.created);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setCloning(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.run(deleting.id);
      notify.success(ORDER_MESSAGES.orderDeleted);
    } catch (error) {
      notify.error(refusalText(error) ?? ORDER_MESSAGES.orderShipped);
    } finally {
      setDeleting(null);
    }
  };

  let body;
  if (orders.isLoading) {
    body = (
      <Box sx={{ py: 4, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label="Loading" />
      </Box>
    );
  } else if (orders.isError) {
    body = <Typography color="error">{MSG.requestFailed}</Typography>;
  } else if (!orders.data?.length) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center', fontWeight: 500 }}>
        {emptyTableText('ORDERS')}
      </Typography>
    );
  } else {
    body = (
      <Stack component="ul" spacing={1} aria-label="Orders" sx={{ m: 0, p: 0 }}>
        {orders.data.map((order) => (
          <OrderCard
            key={order.id}
            patientId={patientId}
            order={order}
            linkState={linkState}
            onClone={() => setCloning(order)}
            onDelete={() => setDeleting(order)}
            onCallNotes={(occurrenceId, subtitle) => setNotes({ occurrenceId, subtitle })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          Orders{orders.data?.length ? ` (${orders.data.length})` : ''}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.orders.create}
          state={linkState}
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
        >
          New Order
        </Button>
      </Stack>
      {body}
      <ConfirmDialog
        open={cloning !== null}
        title={ORDER_MESSAGES.cloneConfirm}
        message={cloning ? `A copy of "${orderTitle(cloning)}" with its products will be created.` : undefined}
        confirmLabel="Clone"
        busy={clone.isPending}
        onConfirm={() => void confirmClone()}
        onCancel={() => setCloning(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.deleteConfirm}
        message={deleting ? `The order "${orderTitle(deleting)}" will be deleted.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {notes ? (
        <CallNotesDialog occurrenceId={notes.occurrenceId} subtitle={notes.subtitle} onClose={() => setNotes(null)} />
      ) : null}
    </Stack>
  );
}
