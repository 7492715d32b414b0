import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { formatDisplayDate, todayWire, type FeeSchedule } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { useFeeSchedules } from './api/fee-schedules.ts';
import { FeeScheduleImportDialog } from './FeeScheduleImportDialog.tsx';

const count = (n: number) => n.toLocaleString('en-US');

/** The schedule in force today: the latest effective on or before it (the list is newest first). */
function inForceId(schedules: readonly FeeSchedule[], today: string): number | null {
  return schedules.find((s) => s.effective_date <= today)?.id ?? null;
}

function columns(current: number | null): Column<FeeSchedule>[] {
  return [
    {
      id: 'quarter',
      header: 'Quarter',
      render: (row) => (row.id === current ? `${row.quarter} (in force)` : row.quarter),
    },
    { id: 'source', header: 'Source', render: (row) => row.source },
    { id: 'effective_date', header: 'Effective', render: (row) => formatDisplayDate(row.effective_date) },
    { id: 'row_count', header: 'Rows', align: 'right', render: (row) => count(row.row_count) },
    { id: 'zip_count', header: 'Rural ZIPs', align: 'right', render: (row) => count(row.zip_count) },
  ];
}

/** The "Fee schedule" section of Settings (administrators): the CMS DMEPOS schedules and their import. */
export function FeeSchedules() {
  const schedules = useFeeSchedules();
  const [open, setOpen] = useState(false);
  const current = schedules.data ? inForceId(schedules.data, todayWire()) : null;
  return (
    <Paper variant="outlined" component="section" aria-label="Fee schedule" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Fee schedule
        </Typography>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
          Import fee schedule
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The CMS DMEPOS fee schedules: each is in force from its effective date until the next one. Products read their
        payment category and Medicare fee from the one in force.
      </Typography>
      {schedules.isError ? (
        <Alert severity="error">The fee schedules could not be loaded.</Alert>
      ) : (
        <DataTable
          rows={schedules.data}
          columns={columns(current)}
          loading={schedules.isLoading}
          emptyItems="FEE SCHEDULES"
          label="Fee schedules"
        />
      )}
      {open ? <FeeScheduleImportDialog onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
