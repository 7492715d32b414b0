import { BarChart } from '@mui/x-charts/BarChart';
import type { EndYearReport } from '@dme/shared';
import { CHART_ROWS, formatDollars } from './report-figures.ts';

/** The period at a glance: sales, remitted, receivable and written off, all services and shipped ones. */
export function ReportChart({ report }: { report: EndYearReport }) {
  const valueFormatter = (v: number | null) => formatDollars(v);
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: 'band', data: CHART_ROWS.map((r) => r.label) }]}
      yAxis={[{ valueFormatter: (v: number) => formatDollars(v).replace(/\.00$/, ''), width: 90 }]}
      series={[
        { data: CHART_ROWS.map((r) => Number(report[r.all])), label: 'Not accounting for shipping', valueFormatter },
        { data: CHART_ROWS.map((r) => Number(report[r.shipped])), label: 'Including shipping', valueFormatter },
      ]}
    />
  );
}
