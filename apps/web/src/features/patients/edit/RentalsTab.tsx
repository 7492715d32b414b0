import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDisplayDate, MSG, type PatientRental } from '@dme/shared';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { denseCellsSx } from '@/components/server-table/index.ts';
import { paths, type OrderLinkState } from '@/config/paths.ts';
import { usePatientRentals } from '../api/get-patient-rentals.ts';

type RentalRow = PatientRental & { id: number };

export const RENTAL_STATUS_LABELS: Record<PatientRental['status'], string> = {
  renting: 'Renting',
  owned: 'Owned by the patient',
  furnished_without_payment: 'Furnished without payment',
};

const STATUS_COLORS = {
  renting: 'text.primary',
  owned: 'success.dark',
  furnished_without_payment: 'secondary.main',
} as const;

/** "12 of 13" under a cap, else the month alone. */
export function rentalMonthText(rental: Pick<PatientRental, 'current_month' | 'cap'>): string {
  return rental.cap === null ? String(rental.current_month) : `${rental.current_month} of ${rental.cap}`;
}

const dateOrDash = (date: string | null) => (date ? formatDisplayDate(date) : '-');

function columns(linkState: OrderLinkState): Column<RentalRow>[] {
  return [
    {
      id: 'item',
      header: 'Item',
      sortValue: (rental) => rental.hcpcs || rental.product.name,
      cellSx: { minWidth: 140 },
      render: (rental) => (
        <Link component={RouterLink} to={paths.orders.edit.url(rental.order_id)} state={linkState} underline="hover">
          {rental.hcpcs ? `${rental.hcpcs} ` : ''}
          {rental.product.name}
        </Link>
      ),
    },
    { id: 'category', header: 'Category', render: (rental) => rental.payment_category ?? '-' },
    {
      id: 'month',
      header: 'Month',
      cellSx: { whiteSpace: 'nowrap' },
      sortValue: (rental) => rental.current_month,
      render: rentalMonthText,
    },
    {
      id: 'status',
      header: 'Status',
      // Text, not a chip: "Furnished without payment" must wrap for the row to fit the tab.
      cellSx: { minWidth: 90 },
      render: (rental) => (
        <Typography variant="body2" component="span" sx={{ color: STATUS_COLORS[rental.status], fontWeight: 500 }}>
          {RENTAL_STATUS_LABELS[rental.status]}
        </Typography>
      ),
    },
    {
      id: 'owned_since',
      header: 'Owned since',
      cellSx: { whiteSpace: 'nowrap' },
      sortValue: (rental) => rental.owned_since,
      render: (rental) => dateOrDash(rental.owned_since),
    },
    {
      id: 'next_bill_date',
      header: 'Next bill date',
      cellSx: { whiteSpace: 'nowrap' },
      sortValue: (rental) => rental.next_bill_date,
      render: (rental) => dateOrDash(rental.next_bill_date),
    },
    {
      id: 'note',
      header: 'Note',
      cellSx: { minWidth: 150, color: 'text.secondary' },
      render: (rental) => rental.note || '-',
    },
  ];
}

/** Edit Patient's Rentals tab: each rented item at its month, its status and the next month to bill. */
export function RentalsTab({ patientId }: { patientId: number }) {
  const rentals = usePatientRentals(patientId);
  const rows = useMemo(
    () => rentals.data?.map((rental) => ({ ...rental, id: rental.order_product_id })),
    [rentals.data],
  );
  const tableColumns = useMemo(() => columns({ fromPatient: patientId }), [patientId]);
  if (rentals.isError) return <Typography color="error">{MSG.requestFailed}</Typography>;
  return (
    <Box sx={denseCellsSx(1)}>
      <DataTable
        rows={rows}
        columns={tableColumns}
        emptyItems="RENTALS"
        emptyText="No rented items"
        label="Rentals"
        framed={false}
      />
    </Box>
  );
}
