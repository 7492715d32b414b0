import Typography from '@mui/material/Typography';
import type { OrderProductLine } from '@dme/shared';

/** "Rental" or "Purchase"; a rental that does not start at month 1 says where it starts. */
export function LineBillingText({ line }: { line: Pick<OrderProductLine, 'rental' | 'rental_start_month'> }) {
  if (!line.rental) return 'Purchase';
  return (
    <>
      Rental
      {line.rental_start_month > 1 ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.35 }}>
          from month {line.rental_start_month}
        </Typography>
      ) : null}
    </>
  );
}
