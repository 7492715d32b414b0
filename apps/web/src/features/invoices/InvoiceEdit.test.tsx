import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { makeRemittanceLine } from '@/test/factories.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeInvoice, makeService } from './test-data.ts';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('Edit Invoice', () => {
  it('shows the read-only facts, previews the PDF, and updates notes and date', async () => {
    const user = userEvent.setup({ delay: null });
    const invoice = makeInvoice();
    let patched: MockCall | undefined;
    const { calls } = mockApi({
      'GET /api/invoices/812': [200, invoice],
      'GET /api/invoice_export/812/': [200, '%PDF'],
      'PATCH /api/invoices/812/': (call) => {
        patched = call;
        return [200, { ...invoice, notes: 'Sent again.' }];
      },
      'GET /api/invoices/': [200, { results: [], count: 0, page_size: 25, current: 1 }],
    });
    const { router } = renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    const patient = (await screen.findByRole('textbox', { name: 'Patient' })) as HTMLInputElement;
    expect(patient.value).toBe('Rose Hill');
    expect(patient.readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Invoice Number' }) as HTMLInputElement).value).toBe('812');
    expect((screen.getByRole('textbox', { name: 'Order' }) as HTMLInputElement).value).toBe('77 - CPAP supplies');
    expect(screen.getByRole('status', { name: 'Balance Due' }).textContent).toContain('$35.00');
    await screen.findByTitle('Invoice 812');
    expect(calls.filter((c) => c.path === '/api/invoice_export/812/')).toHaveLength(1);

    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    const notes = screen.getByRole('textbox', { name: 'Invoice Notes' });
    await user.clear(notes);
    await fill(user, notes, 'Sent again.');
    await waitFor(() => expect(update.disabled).toBe(false));
    await user.click(update);
    await screen.findByText('The invoice was updated succesfully');
    expect(patched?.body).toEqual({ notes: 'Sent again.', date: '2026-03-04' });
    // No history to go back to: the list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/'));
  });

  it('Write Off changes the balance on screen and reloads the preview', async () => {
    const user = userEvent.setup({ delay: null });
    const invoice = makeInvoice();
    const after = makeInvoice({
      balance: 27,
      services: invoice.services.map((s) => (s.id === 1 ? { ...s, outstanding: 0, write_off: 8 } : s)),
    });
    const { calls } = mockApi({
      'GET /api/invoices/812': [200, invoice],
      'GET /api/invoice_export/812/': [200, '%PDF'],
      'POST /api/services-write-off/': [200, { invoices: [after] }],
      'GET /api/invoices/': [200, { results: [], count: 0, page_size: 25, current: 1 }],
    });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    await screen.findByRole('textbox', { name: 'Patient' });
    await user.click(screen.getByRole('button', { name: 'Write Off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write Off' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write off Nasal Cannula Adult 7ft' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Balance Due' }).textContent).toContain('$27.00'));
    expect(screen.queryByRole('dialog', { name: 'Write Off' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/invoice_export/812/')).toHaveLength(2));
  });

  it('shows its claim with the claim status, or "No claim"', async () => {
    mockApi({
      'GET /api/invoices/812': [200, makeInvoice({ claim: { id: 41, claim_number: 'C000041', status: 'rejected' } })],
      'GET /api/invoice_export/812/': [200, '%PDF'],
    });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    const claim = await screen.findByRole('group', { name: 'Claim' });
    expect(within(claim).getByRole('link', { name: 'C000041' }).getAttribute('href')).toBe('/claims/41');
    expect(claim.textContent).toContain('Rejected');
    cleanup();

    mockApi({
      'GET /api/invoices/812': [200, makeInvoice({ claim: null })],
      'GET /api/invoice_export/812/': [200, '%PDF'],
    });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    expect((await screen.findByRole('group', { name: 'Claim' })).textContent).toBe('ClaimNo claim');
  });

  it('shows who owes the balance, what the patient owes on each service, and the remittances posted on it', async () => {
    const invoice = makeInvoice({
      balance: 35,
      insurance_balance: 33,
      patient_balance: 2,
      services: [
        makeService({ id: 1, remitted: 12, amount_ajusted: 6, outstanding: 2, patient_responsibility: 2 }),
        makeService({
          id: 2,
          product: { id: 32 },
          order_product: { order_product_name: 'CPAP Full Face Mask', order_product_reference_code: 'A7030' },
          amount_remmited: 1,
          sale_price: 27,
          adjusted_sale_price: 27,
          outstanding: 27,
        }),
      ],
      remittance_lines: [
        makeRemittanceLine(),
        makeRemittanceLine({
          era_id: 16,
          check_number: '100235',
          payer: 'Aetna',
          service_id: 2,
          hcpcs: 'A7030',
          paid: 0,
          adjusted: 0,
          patient_responsibility: 0,
          adjustments: [{ group: 'CO', reason: '50', amount: 27, description: 'Not deemed a medical necessity' }],
          remarks: [],
          state: 'denied',
        }),
      ],
    });
    mockApi({ 'GET /api/invoices/812': [200, invoice], 'GET /api/invoice_export/812/': [200, '%PDF'] });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    expect((await screen.findByRole('status', { name: 'Balance Due' })).textContent).toBe('Balance Due$35.00');
    expect(screen.getByRole('status', { name: 'Insurance balance' }).textContent).toBe('Insurance balance$33.00');
    expect(screen.getByRole('status', { name: 'Patient balance' }).textContent).toBe('Patient balance$2.00');

    const services = screen.getByRole('table', { name: 'Invoice services' });
    expect(
      within(services)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Code', 'Qty', 'Amount', 'Paid', 'Adjusted', 'Written off', 'Patient resp.', 'Balance']);
    expect(
      within(services)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Nasal Cannula Adult 7ft', 'A4615', '2', '$20.00', '$12.00', '$6.00', '$0.00', '$2.00', '$2.00'],
      ['CPAP Full Face Mask', 'A7030', '1', '$27.00', '$0.00', '$0.00', '$0.00', '$0.00', '$27.00'],
    ]);

    const remittances = screen.getByRole('table', { name: 'Remittances' });
    expect(
      within(remittances)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Check/EFT', 'Payer', 'Claim', 'HCPCS', 'Paid', 'Adjusted', 'Patient resp.', 'Adjustments', 'State']);
    const rows = within(remittances).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'EFT0042',
      'Medicare',
      'C000041',
      'A4615',
      '$12.00',
      '$6.00',
      '$2.00',
      'CO-45 6.00 Charge exceeds fee schedule/maximum allowablePR-2 2.00 Coinsurance amountN130 Consult plan benefit documents for coverage',
      'Posted',
    ]);
    expect(within(rows[1]).getAllByRole('cell')[8].textContent).toBe('Denied');
    expect(within(remittances).getByRole('link', { name: '100235' }).getAttribute('href')).toBe('/remittance-files/16');
    expect(screen.getByRole('heading', { name: 'Remittances', level: 2 })).toBeTruthy();
  });

  it('has no Remittances section before a remittance posts on it', async () => {
    mockApi({ 'GET /api/invoices/812': [200, makeInvoice()], 'GET /api/invoice_export/812/': [200, '%PDF'] });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    await screen.findByRole('table', { name: 'Invoice services' });
    expect(screen.getByRole('status', { name: 'Patient balance' }).textContent).toBe('Patient balance$0.00');
    expect(screen.queryByRole('table', { name: 'Remittances' })).toBeNull();
  });

  it('shows "PDF preview error" when the PDF fails, and goes to /404 when the invoice does not load', async () => {
    mockApi({
      'GET /api/invoices/812': [200, makeInvoice()],
      'GET /api/invoice_export/812/': [500, { detail: 'boom' }],
    });
    renderRoutes(routes, { path: '/invoices/812', session: adminSession });
    expect((await screen.findAllByText('PDF preview error')).length).toBeGreaterThan(0);

    mockApi({ 'GET /api/invoices/9': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/invoices/9', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
