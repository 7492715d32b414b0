import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckPayment, Remittance, RemittanceRow } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const row: RemittanceRow = {
  id: 31,
  date: '2026-11-02',
  invoice: 501,
  order: { id: 9, name: 'CPAP Resupply', patient: { id: 7, first_name: 'Maria', last_name: 'Garcia' } },
  patient: { id: 7, first_name: 'Maria', last_name: 'Garcia' },
  total_outstanding: 100,
  total_invoice_ammount: 100,
  total_balance: 100,
  amount_remitted: 0,
  invoice_amount: 100,
  balance: 100,
};

const service = (id: number, name: string, amount: number) => ({
  id,
  date: '2026-11-02',
  product: { id: id + 100, name, internal_code: `A${id}` },
  order_product: { order_product_name: name },
  variant: { price_variant: 'General', unit_measure: 'Box' },
  sale_price: amount,
  adjusted_sale_price: amount,
  added_percentage: false,
  amount_remmited: 1,
  tax_amount: 0,
  invoice_amount: amount,
  remitted: 0,
  outstanding: amount,
  outstanding_saved: 0,
  amount_ajusted: 0,
  write_off: 0,
});

const remittance: Remittance = {
  id: 31,
  date: '2026-11-02',
  invoice: { id: 501, date: '2026-11-03', notes: '' },
  order: { id: 9, name: 'CPAP Resupply', office_notes: 'Call first', patient: row.patient },
  services: [service(1, 'CPAP Mask', 60), service(2, 'Tubing', 40)],
  total_outstanding: 100,
  total_invoice_ammount: 100,
  total_balance: 100,
};

const saved: CheckPayment = {
  id: 4,
  check_number: 'CHK-77',
  check_date: '2026-11-10',
  total_amount: 500,
  payment_method: 'Bank',
  vendor: { id: 3, name: 'Medicare' },
  memo_notes: '',
  total_amount_remmited: 200,
  remaining: 300,
};

describe('Remittance', () => {
  it('posts the saved check: one mode per service, the amounts the shared rules compute', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/remmitance/': [200, { results: [row], count: 1, page_size: 25, current: 1 }],
      'GET /api/remmitance/31': [200, remittance],
      'GET /api/last_remmitance_payments': [200, saved],
      'GET /api/vendors/': [200, [{ id: 3, name: 'Medicare', phone: '515-555-0100' }]],
      'POST /api/remmitance_payments/': [201, { check: saved, remittance }],
    });
    renderRoutes(routes, { path: '/remittance/', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Remittance payment for invoice 501' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remittance Payment' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Check Number/)).toHaveProperty('value', 'CHK-77'));
    expect(within(dialog).getByLabelText(/Check Number/)).toHaveProperty('disabled', true);
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Entire Remit CPAP Mask' }));
    // Choosing IA on the same service replaces Entire Remit.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Insurance Adjustment CPAP Mask' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Entire Remit CPAP Mask' })).toHaveProperty('checked', false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Credit Tubing' }), '25.5');
    await user.click(ok);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body;
    expect(body).toEqual({
      checks: [
        {
          check_number: 'CHK-77',
          check_date: '2026-11-10',
          total_amount: '500.00',
          payment_method: 'Bank',
          vendor_id: 3,
          memo_notes: '',
        },
      ],
      ocurrence_id: 31,
      services: [
        { id: 1, outstanding: '0.00', amount_ajusted: '60.00', write_off: '0.00' },
        { id: 2, outstanding: '14.50', amount_ajusted: '0.00', write_off: '0.00' },
      ],
    });
    await screen.findByText('Remittance updated sucessfully!');
  });

  it('Next Check clears and unlocks the check; a credit over the cap blocks Ok', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/remmitance/': [200, { results: [row], count: 1, page_size: 25, current: 1 }],
      'GET /api/remmitance/31': [200, remittance],
      'GET /api/last_remmitance_payments': [200, saved],
      'GET /api/vendors/': [200, []],
    });
    renderRoutes(routes, { path: '/remittance/', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Remittance payment for invoice 501' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remittance Payment' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Check Number/)).toHaveProperty('value', 'CHK-77'));
    // The vendor list is empty here: the saved check's own vendor still shows.
    expect(within(dialog).getByRole('combobox', { name: /^Vendor/ }).textContent).toBe('Medicare');
    await user.click(within(dialog).getByRole('button', { name: 'Next Check' }));
    expect(within(dialog).getByLabelText(/Check Number/)).toHaveProperty('value', '');
    expect(within(dialog).getByLabelText(/Check Number/)).toHaveProperty('disabled', false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Credit Tubing' }), '45');
    within(dialog).getByText('Only $40.00 is still due.');
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toHaveProperty('disabled', true);
  });
});
