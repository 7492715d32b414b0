import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EndYearReport } from '@dme/shared';
import { formatDollars, REPORT_ROWS } from './report-figures.ts';

interface ReportTableProps {
  title: string;
  report: EndYearReport | undefined;
  field: 'all' | 'shipped';
}

/** One of the two result tables: the six figures in dollars. */
export function ReportTable({ title, report, field }: ReportTableProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 280 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableBody>
          {REPORT_ROWS.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                {report ? formatDollars(Number(report[row[field]])) : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
