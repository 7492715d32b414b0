import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Service } from '@dme/shared';
import { money } from '../format.ts';

type ServiceOfRow = Pick<Service, 'product' | 'modifiers' | 'billable' | 'rental_note'>;

/**
 * The product of a service, and under it how it is billed (issue 33): its claim modifiers
 * ("RR KH"), "Not billed" past a rental's cap, and the rental month in words, which says why. Under
 * the name rather than in a column of its own, so the services tables keep their row at 1024 px.
 */
export function ProductWithBilling({ service }: { service: ServiceOfRow }) {
  const modifiers = service.modifiers.join(' ');
  return (
    <>
      {service.product.name}
      {modifiers || !service.billable ? (
        <Box
          component="span"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.25, fontWeight: 400 }}
        >
          {modifiers ? (
            <Typography variant="caption" color="text.secondary">
              {modifiers}
            </Typography>
          ) : null}
          {service.billable ? null : <Chip size="small" label="Not billed" color="secondary" variant="outlined" />}
        </Box>
      ) : null}
      {service.rental_note ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.35, mt: 0.25, fontWeight: 400 }}
        >
          {service.rental_note}
        </Typography>
      ) : null}
    </>
  );
}

/** What the primary payer should allow, or "-" when it has no price for the service. */
export function expectedText(service: Pick<Service, 'expected_allowed'>): string {
  return service.expected_allowed === null ? '-' : money(service.expected_allowed);
}
