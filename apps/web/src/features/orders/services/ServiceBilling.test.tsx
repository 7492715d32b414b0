import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { makeOccurrence, makeOrder, makeService } from '../test-data.ts';
import { OccurrencesTab } from '../occurrences/OccurrencesTab.tsx';
import { ServicesTab } from './ServicesTab.tsx';

const CPAP = { id: 42, name: 'CPAP Machine', internal_code: 'CPAP-1' };

/** A capped rental's month 12 (billed), month 14 (past the cap) and a purchase without a payer price. */
const month12 = makeService({
  id: 911,
  date: '2027-07-01',
  product: CPAP,
  rental_month: 12,
  modifiers: ['RR', 'KJ'],
  expected_allowed: 75.86,
  rental_note: 'Month 12 of 13: ownership transfers on 09/01/2027',
});
const month14 = makeService({
  id: 912,
  date: '2027-09-01',
  product: CPAP,
  rental_month: 14,
  modifiers: ['RR'],
  billable: false,
  total: 0,
  expected_allowed: null,
  rental_note: 'Owned by the patient since 09/01/2027',
});
const gloves = makeService({ id: 913, date: '2027-07-01', modifiers: [], expected_allowed: null });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('The rental month, modifiers and expected amount of services', () => {
  it('Services tab: adds Expected to the spec columns, the billing under the product; past the cap "Not billed" and why', async () => {
    mockApi({});
    render(
      <Providers client={testQueryClient()}>
        <ServicesTab order={makeOrder({ services: [month14, gloves, month12] })} />
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Date',
      'Product',
      'Quantity',
      'Sale Price',
      'Adjusted Price',
      'Total',
      'Expected',
      'Shipped',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0]).slice(0, 7)).toEqual([
      '07/01/2027',
      'CPAP MachineRR KJMonth 12 of 13: ownership transfers on 09/01/2027',
      '2',
      '$12.50',
      '-',
      '$25.00',
      '$75.86',
    ]);
    // A purchase without modifiers shows its product alone; a payer without a price, no amount.
    expect(cellsOf(rows[1]).slice(0, 2)).toEqual(['07/01/2027', 'Nitrile Gloves']);
    expect(cellsOf(rows[1])[6]).toBe('-');
    expect(cellsOf(rows[2]).slice(0, 2)).toEqual([
      '09/01/2027',
      'CPAP MachineRRNot billedOwned by the patient since 09/01/2027',
    ]);
    expect(cellsOf(rows[2])[5]).toBe('$0.00');
    expect(within(rows[2]).getByText('Not billed')).toBeTruthy();
    expect(within(rows[0]).queryByText('Not billed')).toBeNull();
  });

  it('Services w Totals: the services of an occurrence show the same', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    const occurrence = makeOccurrence({ id: 31, date: '2027-09-01', services: [month14] });
    render(
      <Providers client={testQueryClient()}>
        <OccurrencesTab order={makeOrder({ ocurrences: [occurrence] })} />
      </Providers>,
    );
    await user.click(await screen.findByRole('button', { name: 'Show services of 09/01/2027' }));
    const table = await screen.findByRole('table', { name: 'Services of 09/01/2027' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Product',
      'Reference Number',
      'Quantity',
      'Unit of Measure',
      'Sale Price',
      'Adjusted Price',
      'Total',
      'Expected',
    ]);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(row)).toEqual([
      'CPAP MachineRRNot billedOwned by the patient since 09/01/2027',
      'CPAP-1',
      '2',
      'Box',
      '$12.50',
      '-',
      '$0.00',
      '-',
    ]);
  });
});
