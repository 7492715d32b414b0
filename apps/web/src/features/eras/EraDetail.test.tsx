import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeInvoice, makeService } from '@/test/factories.ts';
import { makeEra, makeEraClaim, makeEraLine } from './test-data.ts';

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const facts = (scope: HTMLElement) =>
  Object.fromEntries(
    within(scope)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

/** A claim the payer named by a number of no claim of ours: nothing posted until a person matches it. */
const unmatchedClaim = makeEraClaim({
  index: 1,
  claim_number: 'X-77',
  patient_name: 'Tom Reed',
  matched_claim_id: null,
  matched_invoice_id: null,
  state: 'unmatched',
  crossover_payer: 'Iowa Medicaid',
  adjustments: [{ group: 'OA', reason: '23', amount: 5, description: 'The impact of prior payer adjudication' }],
  remarks: [{ code: 'MA18', description: 'The claim information is also being forwarded to the supplemental insurer' }],
  lines: [makeEraLine({ matched_service_id: null, state: 'unmatched' })],
});

describe('Remittance detail', () => {
  it('shows the payment, the provider adjustments, and each claim with its lines in plain words', async () => {
    mockApi({
      'GET /api/eras/15/': [
        200,
        makeEra({
          unmatched_total: 64,
          total_paid: 133,
          provider_adjustments: [{ reason: 'L6', reference: 'INT-1', amount: -5, description: 'Interest owed' }],
          claims: [makeEraClaim(), unmatchedClaim],
        }),
      ],
    });
    renderRoutes(routes, { path: '/remittance-files/15', session: adminSession });
    const heading = await screen.findByRole('heading', { name: 'Remittance EFT0042', level: 2 });
    const summary = heading.closest('div.MuiPaper-root') as HTMLElement;
    expect(facts(summary)).toMatchObject({
      Payer: 'Medicare',
      'Payer id': '04412',
      'Check/EFT number': 'EFT0042',
      'Check date': '04/02/2026',
      Method: 'ACH',
      'Total paid': '$133.00',
      Posted: '$64.00',
      Unmatched: '$64.00',
      Status: 'Posted',
    });
    expect(rowsOf(screen.getByRole('table', { name: 'Provider adjustments' }))).toEqual([
      ['L6 Interest owed', 'INT-1', '$-5.00'],
    ]);

    const matched = screen.getByRole('region', { name: 'Claim C000041' });
    expect(within(matched).getByRole('link', { name: 'C000041' }).getAttribute('href')).toBe('/claims/41');
    expect(facts(matched)).toMatchObject({
      Patient: 'Rose Hill',
      Status: 'Processed as primary (1)',
      Invoice: '812',
      Charge: '$125.50',
      Paid: '$64.00',
      'Patient resp.': '$16.00',
    });
    const lines = within(matched).getByRole('table', { name: 'Lines of claim C000041' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Line',
      'HCPCS',
      'Date',
      'Charge',
      'Allowed',
      'Paid',
      'Patient resp.',
      'Adjustments',
      'Remarks',
      'State',
    ]);
    expect(rowsOf(lines)).toEqual([
      [
        '1',
        'E0601-RR-KH',
        '03/02/2026',
        '$95.50',
        '$80.00',
        '$64.00',
        '$16.00',
        'CO-45 15.50 Charge exceeds fee schedule/maximum allowablePR-2 16.00 Coinsurance amount',
        'N130 Consult plan benefit documents for coverage',
        'Posted',
      ],
      [
        '2',
        'A7030',
        '03/02/2026',
        '$30.00',
        '-',
        '$0.00',
        '$0.00',
        'CO-50 30.00 Not deemed a medical necessity',
        '-',
        'Denied',
      ],
    ]);

    const other = screen.getByRole('region', { name: 'Claim X-77' });
    expect(within(other).queryByRole('link', { name: 'X-77' })).toBeNull();
    expect(facts(other)).toMatchObject({
      Invoice: 'Not matched',
      'Crossed over to': 'Iowa Medicaid',
      'Claim adjustments and remarks':
        'OA-23 5.00 The impact of prior payer adjudicationMA18 The claim information is also being forwarded to the supplemental insurer',
    });
    expect(other.textContent).toContain('Unmatched');
    expect(within(other).getByRole('button', { name: 'Match claim X-77' })).toBeTruthy();
    // A claim waiting for its invoice is matched as a whole, not line by line.
    expect(within(other).queryByRole('button', { name: /^Match line/ })).toBeNull();
  });

  it('matches an unmatched claim to the invoice a person names; a refusal stays in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const era = makeEra({ claims: [makeEraClaim(), unmatchedClaim] });
    const matchedEra = makeEra({
      claims: [
        makeEraClaim(),
        { ...unmatchedClaim, matched_claim_id: 44, matched_invoice_id: 815, state: 'posted', lines: [makeEraLine()] },
      ],
    });
    let answer: readonly [number, unknown] = [422, { detail: 'Invoice 999 has no claim to Medicare' }];
    let current = era;
    const posts: MockCall[] = [];
    mockApi({
      'GET /api/eras/15/': () => [200, current],
      'POST /api/eras/15/match/': (call) => {
        posts.push(call);
        if (answer[0] === 200) current = matchedEra;
        return answer;
      },
    });
    renderRoutes(routes, { path: '/remittance-files/15', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Match claim X-77' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match claim X-77' });
    const invoice = within(dialog).getByRole('textbox', { name: 'Invoice number' });

    await fill(user, invoice, '81a');
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    await within(dialog).findByText('Enter the invoice number (digits only)');
    expect(posts).toHaveLength(0);

    await user.clear(invoice);
    await fill(user, invoice, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invoice 999 has no claim to Medicare');
    expect(posts[0].body).toEqual({ claim_index: 1, invoice_id: 999 });

    answer = [200, matchedEra];
    await user.clear(invoice);
    await fill(user, invoice, '815');
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    await screen.findByText('Claim X-77 matched to invoice 815 and posted');
    expect(posts[1].body).toEqual({ claim_index: 1, invoice_id: 815 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Match claim X-77' })).toBeNull());
    const claim = screen.getByRole('region', { name: 'Claim X-77' });
    expect(within(claim).getByRole('link', { name: 'X-77' }).getAttribute('href')).toBe('/claims/44');
    expect(within(claim).queryByRole('button', { name: /^Match/ })).toBeNull();
  });

  it("matches an unmatched line to a service picked from its claim's invoice, or from another invoice", async () => {
    const user = userEvent.setup({ delay: null });
    const claim = makeEraClaim({
      lines: [
        makeEraLine(),
        makeEraLine({ index: 1, hcpcs: 'A7030', modifiers: [], matched_service_id: null, state: 'unmatched' }),
      ],
    });
    const posts: MockCall[] = [];
    const { calls } = mockApi({
      'GET /api/eras/15/': [200, makeEra({ claims: [claim] })],
      'GET /api/invoices/812/': [200, makeInvoice()],
      'GET /api/invoices/999/': [404, { detail: 'Not found.' }],
      'GET /api/invoices/820/': [
        200,
        makeInvoice({
          id: 820,
          services: [
            makeService({
              id: 9,
              order_product: { order_product_name: 'CPAP Full Face Mask', order_product_reference_code: 'A7030' },
            }),
          ],
        }),
      ],
      'POST /api/eras/15/match/': (call) => {
        posts.push(call);
        return [200, makeEra()];
      },
    });
    renderRoutes(routes, { path: '/remittance-files/15', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Match line 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match line 2 of claim C000041' });
    const invoice = within(dialog).getByRole('textbox', { name: 'Invoice number' }) as HTMLInputElement;
    expect(invoice.value).toBe('812');
    const services = await within(dialog).findByRole('radiogroup', { name: 'Services of invoice 812' });
    expect(
      within(services)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'A4615 Nasal Cannula Adult 7ft: $20.00 (service 1)',
      'A7030 CPAP Full Face Mask: $27.00 (service 2)',
      'A7046 Humidifier Chamber: $15.00 (service 3)',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Match' })).toHaveProperty('disabled', true);

    await user.clear(invoice);
    await fill(user, invoice, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Find services' }));
    await within(dialog).findByText('Invoice 999 was not found');

    await user.clear(invoice);
    await fill(user, invoice, '820');
    await user.click(within(dialog).getByRole('button', { name: 'Find services' }));
    await user.click(
      await within(dialog).findByRole('radio', { name: 'A7030 CPAP Full Face Mask: $20.00 (service 9)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));
    await screen.findByText('Line 2 of claim C000041 matched and posted');
    expect(posts.map((p) => p.body)).toEqual([{ claim_index: 0, line_index: 1, service_id: 9 }]);
    expect(calls.some((c) => c.path === '/api/invoices/820/')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Match line 2 of claim C000041' })).toBeNull());
  });

  it('reverts the remittance after a confirmation; a reverted one offers neither Revert nor Match', async () => {
    const user = userEvent.setup({ delay: null });
    let reverted = false;
    const { calls } = mockApi({
      'GET /api/eras/15/': () => [
        200,
        makeEra({ status: reverted ? 'reverted' : 'posted', claims: [makeEraClaim(), unmatchedClaim] }),
      ],
      'DELETE /api/eras/15/': () => {
        reverted = true;
        return [204];
      },
    });
    renderRoutes(routes, { path: '/remittance-files/15', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert remittance' });
    expect(confirm.textContent).toContain('Revert this remittance? Everything it posted is taken back.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revert remittance' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revert remittance' })).getByRole('button', { name: 'Revert' }),
    );
    await screen.findByText('Remittance EFT0042 reverted');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revert' })).toHaveProperty('disabled', true));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/eras/15/']);
    expect(screen.getByText('Reverted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Match/ })).toBeNull();
  });

  it('shows why a revert was refused', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/eras/15/': [200, makeEra()],
      'DELETE /api/eras/15/': [409, { detail: 'A later remittance reversed these claims: revert it first' }],
    });
    renderRoutes(routes, { path: '/remittance-files/15', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revert remittance' })).getByRole('button', { name: 'Revert' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A later remittance reversed these claims: revert it first',
    );
  });

  it('offers office staff no Revert and no Match; an unknown remittance goes to /404', async () => {
    mockApi({ 'GET /api/eras/15/': [200, makeEra({ claims: [unmatchedClaim] })] });
    renderRoutes(routes, { path: '/remittance-files/15', session: { ...adminSession, role_id: 2 } });
    await screen.findByRole('heading', { name: 'Remittance EFT0042' });
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Match/ })).toBeNull();

    mockApi({ 'GET /api/eras/9/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/remittance-files/9', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
