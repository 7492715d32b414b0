import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Remittance } from '@dme/shared';
import { fill } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { RemittanceDialog } from './RemittanceDialog.tsx';

const patient = { id: 7, first_name: 'Maria', last_name: 'Garcia' };
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
  order: { id: 9, name: 'CPAP Resupply', office_notes: '', patient },
  services: [service(1, 'CPAP Mask', 60), service(2, 'Tubing', 40)],
  total_outstanding: 100,
  total_invoice_ammount: 100,
  total_balance: 100,
};

/** The dialog with no saved check: every check field empty and open. */
async function openNewCheck() {
  const { calls } = mockApi({
    'GET /api/remmitance/31': [200, remittance],
    'GET /api/last_remmitance_payments': [200, null],
    'GET /api/vendors/': [200, [{ id: 3, name: 'Medicare', phone: '515-555-0100' }]],
  });
  render(
    <Providers client={testQueryClient()}>
      <RemittanceDialog occurrenceId={31} onClose={() => undefined} />
    </Providers>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Remittance Payment' });
  await within(dialog).findByRole('checkbox', { name: 'Entire Remit CPAP Mask' });
  return { dialog, calls };
}

async function pick(user: UserEvent, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RemittanceDialog', () => {
  it('a check message goes as soon as its field is valid, not at the next Ok', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, calls } = await openNewCheck();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Entire Remit CPAP Mask' }));
    await fill(user, within(dialog).getByLabelText(/Check Number/), 'CHK-9');
    await fill(user, within(dialog).getByLabelText(/Total Amount/), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    for (const message of ['Check date is required', 'Payment method is required', 'Vendor is required']) {
      within(dialog).getByText(message);
    }

    const date = dialog.querySelector('input[name="check_date"]') as HTMLInputElement;
    fireEvent.change(date, { target: { value: '11/10/2026' } });
    await waitFor(() => expect(within(dialog).queryByText('Check date is required')).toBeNull());
    await pick(user, dialog, /^Payment Method/, 'Bank');
    expect(within(dialog).queryByText('Payment method is required')).toBeNull();
    await pick(user, dialog, /^Vendor/, 'Medicare');
    expect(within(dialog).queryByText('Vendor is required')).toBeNull();
    // Emptied after Ok: the message comes at once.
    await user.clear(within(dialog).getByLabelText(/Check Number/));
    within(dialog).getByText('Check number is required');
    await fill(user, within(dialog).getByLabelText(/Check Number/), 'CHK-10');
    expect(within(dialog).queryByText('Check number is required')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('an empty total says "Total amount is required"; a real over-apply says by how much', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openNewCheck();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Entire Remit CPAP Mask' }));
    const ok = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Ok' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(ok.disabled).toBe(false);
    await user.click(ok);
    within(dialog).getByText('Total amount is required');

    await fill(user, within(dialog).getByLabelText(/Total Amount/), '50');
    expect(within(dialog).queryByText('Total amount is required')).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Amount Applied ($60.00) is more than the check's Total Amount ($50.00). Lower the amounts or correct the Total Amount.",
    );
    expect(ok.disabled).toBe(true);
    await fill(user, within(dialog).getByLabelText(/Total Amount/), '0');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(ok.disabled).toBe(false);
  });

  it('keeps the per-service inputs narrow so the services table fits 1024 px (the fit is measured in e2e)', async () => {
    const { dialog } = await openNewCheck();
    const table = within(dialog).getByRole('table', { name: 'Services' });
    const widthOf = (name: string) =>
      getComputedStyle(within(table).getByRole('textbox', { name }).closest('.MuiFormControl-root') as Element).width;
    expect(widthOf('Percentage CPAP Mask')).toBe('64px');
    expect(widthOf('Credit CPAP Mask')).toBe('92px');
  });
});
