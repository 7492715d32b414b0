import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import {
  DATE_RANGE_LABELS,
  DATE_RANGES,
  formatDisplayDate,
  isValidDateRange,
  REPORT_MESSAGES,
  type DateRangeCode,
} from '@dme/shared';
import { DateInput } from '@/components/DateField.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useNotify } from '@/lib/notify.ts';
import { useEndYearReport, type ReportRequest } from './api/get-report.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportTable } from './ReportTable.tsx';

const breadcrumbs = [{ label: 'Home', to: paths.home }, { label: 'End of Year Report' }];

/**
 * /end_year_report/: sales totals for a period, by dates or by a preset resolved on the server.
 * Choosing a preset clears the dates and picking a date clears the preset (spec part 3 section 5).
 */
export function EndYearReport() {
  const notify = useNotify();
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [preset, setPreset] = useState<DateRangeCode | ''>('CY');

  let request: ReportRequest | null = null;
  if (preset) request = { date_range: preset };
  else if (start && end && isValidDateRange(start, end)) request = { start_date: start, end_date: end };
  const report = useEndYearReport(request);

  useEffect(() => {
    // Spec part 3 section 8: the report's failure shows in a success style.
    if (report.isError) notify.success(REPORT_MESSAGES.failed);
  }, [report.isError, notify]);

  const pickDate = (which: 'start' | 'end', value: string | null) => {
    setPreset('');
    if (which === 'start') setStart(value);
    else setEnd(value);
  };
  const rangeProblem = start && end && !isValidDateRange(start, end) ? REPORT_MESSAGES.startAfterEnd : undefined;
  // Figures belong to the range asked for: with no range that can run, none are shown.
  const data = request ? report.data : undefined;

  return (
    <>
      <PageHeader title="End of Year Report" breadcrumbs={breadcrumbs} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <DateInput label="Start Date" value={start} onChange={(v) => pickDate('start', v)} size="small" />
          <DateInput
            label="End Date"
            value={end}
            onChange={(v) => pickDate('end', v)}
            size="small"
            error={Boolean(rangeProblem)}
            helperText={rangeProblem}
          />
          <TextField
            select
            label="or Date Range"
            value={preset}
            onChange={(e) => {
              const code = e.target.value as DateRangeCode | '';
              setPreset(code);
              if (code) {
                setStart(null);
                setEnd(null);
              }
            }}
            size="small"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {DATE_RANGES.map((code) => (
              <MenuItem key={code} value={code}>
                {DATE_RANGE_LABELS[code]}
              </MenuItem>
            ))}
          </TextField>
          {data ? (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {formatDisplayDate(data.start_date)} – {formatDisplayDate(data.end_date)}
            </Typography>
          ) : null}
        </Stack>
      </Paper>
      <Box sx={{ height: 4 }}>{report.isFetching ? <LinearProgress /> : null}</Box>
      {request === null ? (
        <Typography role="status" color={rangeProblem ? 'error' : 'text.secondary'} sx={{ my: 2 }}>
          {rangeProblem
            ? `${rangeProblem}: choose a start date on or before the end date to see the figures.`
            : 'Choose a start and end date, or a date range.'}
        </Typography>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ReportTable title="Not accounting for shipping" report={data} field="all" />
        <ReportTable title="Including shipping" report={data} field="shipped" />
      </Stack>
      {data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            The period at a glance
          </Typography>
          <ReportChart report={data} />
        </Paper>
      ) : null}
    </>
  );
}
