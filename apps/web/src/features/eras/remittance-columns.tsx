import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { Column } from '@/components/server-table/index.ts';
import { paths } from '@/config/paths.ts';
import { displayDate, patientName } from './format.ts';

/** What a denied or underpaid line shows of itself in both lists. */
interface RemittanceItem {
  patient: { id: number; first_name: string; last_name: string };
  payer: { name: string };
  service_date: string;
  hcpcs: string;
}

/** Patient (linked) and payer: the first columns of Denials and Underpaid. */
export function whoColumns<T extends RemittanceItem>(): Column<T>[] {
  return [
    {
      id: 'patient',
      header: 'Patient',
      render: (row) => (
        <Link component={RouterLink} to={paths.patients.edit.url(row.patient.id)} underline="hover">
          {patientName(row.patient)}
        </Link>
      ),
    },
    { id: 'payer', header: 'Payer', render: (row) => row.payer.name },
  ];
}

/** Date of service and HCPCS, after the claim column of both lists. */
export function itemColumns<T extends RemittanceItem>(): Column<T>[] {
  return [
    {
      id: 'service_date',
      header: 'Date of service',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => displayDate(row.service_date),
    },
    { id: 'hcpcs', header: 'HCPCS', render: (row) => row.hcpcs || '-' },
  ];
}
