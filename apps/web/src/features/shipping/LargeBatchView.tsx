import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDisplayDate, LARGE_BATCH_ATTEMPTS, MSG, SHIPPING_MESSAGES, type BatchPrintItem } from '@dme/shared';
import { DataTable } from '@/components/data-table/index.ts';
import { PageHeader } from '@/components/PageHeader.tsx';
import type { Column } from '@/components/server-table/index.ts';
import { saveBlob } from '@/components/pdf-preview/index.ts';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { getBatchFile } from './api/get-batch-file.ts';
import { isInProgress, useBatchPrints } from './api/get-batch-prints.ts';

const breadcrumbs = [
  { label: 'Home', to: paths.home },
  { label: 'Shipping Status', to: paths.shippingStatus },
  { label: 'List Batch Print' },
];

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function when(iso: string): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${formatDisplayDate(day)} ${time}`;
}

const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/**
 * Where an unfinished batch stands, as the server knows it: waiting, rendering (with its progress),
 * stopped with its worker (another one starts it again), or waiting for a retry and why.
 */
function progressOf(item: BatchPrintItem): { text: string; rendering: boolean; trouble: boolean } {
  const of = `${item.rendered_count} of ${tickets(item.record_count)}`;
  const attempt = `attempt ${Math.max(item.attempts, 1)} of ${LARGE_BATCH_ATTEMPTS}`;
  if (item.status === 'rendering' && item.stalled) {
    return { text: `Interrupted at ${of}: waiting for a worker to start it again`, rendering: true, trouble: true };
  }
  if (item.status === 'rendering') {
    return { text: `Rendering ${of}${item.attempts > 1 ? ` (${attempt})` : ''}`, rendering: true, trouble: false };
  }
  if (item.attempts > 0) {
    const next = `attempt ${item.attempts + 1} of ${LARGE_BATCH_ATTEMPTS}`;
    return { text: `Retrying (${next})${item.error ? `: ${item.error}` : ''}`, rendering: false, trouble: true };
  }
  return { text: `Queued: ${tickets(item.record_count)}`, rendering: false, trouble: false };
}

function Progress({ item }: { item: BatchPrintItem }) {
  const { text, rendering, trouble } = progressOf(item);
  const value = item.record_count ? Math.min(100, Math.round((item.rendered_count / item.record_count) * 100)) : 0;
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 420 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {item.name}
      </Typography>
      <LinearProgress
        variant={rendering ? 'determinate' : 'indeterminate'}
        value={value}
        color={trouble ? 'warning' : 'primary'}
        aria-label={`${item.name} ${text}`}
      />
      <Typography variant="caption" color={trouble ? 'warning.main' : 'text.secondary'}>
        {text} · requested {when(item.time)}
      </Typography>
    </Stack>
  );
}

/** /batch_shipping_status/ (title List Batch Print): the files of large batch prints, newest first. */
export function LargeBatchView() {
  const notify = useNotify();
  const batches = useBatchPrints();

  const download = async (item: BatchPrintItem) => {
    if (!item.url) return;
    try {
      const blob = await getBatchFile(item.url);
      const href = URL.createObjectURL(blob);
      try {
        saveBlob(href, item.name);
      } finally {
        setTimeout(() => URL.revokeObjectURL(href), 10_000);
      }
    } catch {
      notify.error(SHIPPING_MESSAGES.downloadError);
    }
  };

  const cell = (item: BatchPrintItem) => {
    if (isInProgress(item)) return <Progress item={item} />;
    if (item.url) {
      return (
        <Stack spacing={0.25}>
          <Link
            href={item.url}
            underline="hover"
            sx={{ fontWeight: 500, alignSelf: 'flex-start' }}
            onClick={(event) => {
              event.preventDefault();
              void download(item);
            }}
          >
            {item.name}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {tickets(item.record_count)} · {formatSize(item.size)} · {when(item.finished_at ?? item.time)}
          </Typography>
        </Stack>
      );
    }
    return (
      <Stack spacing={0.25}>
        <Typography variant="body2">{item.name}</Typography>
        <Typography variant="caption" color="error">
          Failed{item.error ? `: ${item.error}` : ''}
        </Typography>
      </Stack>
    );
  };

  const columns: Column<BatchPrintItem>[] = [{ id: 'download', header: 'Download', render: cell }];

  return (
    <>
      <PageHeader title="List Batch Print" breadcrumbs={breadcrumbs} />
      <DataTable
        rows={batches.isError ? [] : batches.data}
        columns={columns}
        emptyItems="BATCH PRINTS"
        emptyText={batches.isError ? MSG.requestFailed : undefined}
        label="List Batch Print"
        loading={batches.isLoading}
      />
    </>
  );
}
