import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { makeLine, makeOrder, RECURRENCES } from '../test-data.ts';
import { ProductsTab } from './ProductsTab.tsx';

describe('ProductsTab', () => {
  it('says of each line whether it is billed as a rental or a purchase', async () => {
    mockApi({});
    const order = makeOrder({
      order_products: [
        makeLine({ id: 11, service_date: '2026-01-05' }),
        makeLine({ id: 12, service_date: '2026-02-05', rental: true }),
        makeLine({ id: 13, service_date: '2026-03-05', rental: true, rental_start_month: 12 }),
      ],
    });
    render(
      <Providers client={testQueryClient()}>
        <ProductsTab order={order} recurrences={RECURRENCES} />
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The spec's columns stay as they were; Billing comes before the actions.
    expect(headers).toEqual([
      'Product',
      'Reference Number',
      'Quantity',
      'Unit of Measure',
      'Service Date',
      'End Date',
      'Recurrence',
      'Billing',
      'Actions',
    ]);
    const billing = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[7].textContent);
    expect(billing).toEqual(['Purchase', 'Rental', 'Rentalfrom month 12']);
  });
});
