import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeReadyRow } from './test-data.ts';

const ready = makeReadyRow();
const readyToo = makeReadyRow({
  invoice_id: 813,
  patient: { id: 6, first_name: 'Tom', last_name: 'Reed' },
  amount: 40,
  rejection: 'Subscriber ID invalid',
});
const blocked = makeReadyRow({
  invoice_id: 814,
  patient: { id: 12, first_name: 'Ana', last_name: 'Zamora' },
  payer: null,
  priority: null,
  problems: [
    {
      message: 'Policy number is missing',
      link: '/patients/12?tab=insurances&field=policy_number',
      field: 'policy_number',
    },
    { message: 'The payer has no payer id', link: '/vendor/3?field=payer_id', field: 'payer_id' },
    { message: 'Product CPAP has no HCPCS code', link: '/products/9?field=hcpcs_code', field: 'hcpcs_code' },
    { message: 'The office NPI is missing', link: '/settings/billing?field=npi', field: 'npi' },
  ],
});

const readyCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/claims/ready/');

function rowOf(text: string) {
  const table = screen.getByRole('table', { name: 'Ready to Bill' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('Ready to Bill', () => {
  it('lists invoices with their payer, priority, amount and what stops each one, as links to fix it', async () => {
    const { calls } = mockApi({ 'GET /api/claims/ready/': [200, page([ready, readyToo, blocked])] });
    renderRoutes(routes, { path: '/claims/ready', session: adminSession });
    await screen.findByText('Ana Zamora');
    const table = screen.getByRole('table', { name: 'Ready to Bill' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'Invoice', 'Patient', 'Payer', 'Priority', 'DOS', 'Amount', 'Status']);
    const first = within(rowOf('Rose Hill'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(1)).toEqual(['812', 'Rose Hill', 'Medicare', 'Primary', '03/02/2026', '$125.50', 'Ready']);
    expect(within(rowOf('Rose Hill')).getByRole('link', { name: '812' }).getAttribute('href')).toBe('/invoices/812');
    expect(within(rowOf('Ana Zamora')).getAllByRole('cell')[3].textContent).toBe('-');
    expect(within(rowOf('Ana Zamora')).getAllByRole('cell')[4].textContent).toBe('-');

    const problems = within(within(rowOf('Ana Zamora')).getByRole('list', { name: 'Problems of invoice 814' }));
    expect(problems.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Policy number is missing', '/patients/12?tab=insurances&field=policy_number'],
      ['The payer has no payer id', '/vendor/3?field=payer_id'],
      ['Product CPAP has no HCPCS code', '/products/9?field=hcpcs_code'],
      ['The office NPI is missing', '/settings/billing?field=npi'],
    ]);
    expect(within(rowOf('Tom Reed')).getByRole('note').textContent).toContain('Rejected: Subscriber ID invalid');

    // Only a ready row can be chosen; nothing chosen, nothing to create.
    expect(screen.getByRole('checkbox', { name: 'Select invoice 814' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Select invoice 812' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Create claims' })).toHaveProperty('disabled', true);
    expect(Object.fromEntries(readyCalls(calls)[0].query)).toEqual({ page: '1', page_size: '25' });

    // The three lists link to each other.
    const tabs = within(screen.getByRole('tablist'));
    expect(tabs.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Ready to Bill', '/claims/ready'],
      ['Claims', '/claims'],
      ['Claim Batches', '/claim-batches'],
    ]);
  });

  it('Create claims posts the chosen invoices, tells how many were made, shows the refused ones and refreshes', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    const { calls } = mockApi({
      'GET /api/claims/ready/': [200, page([ready, readyToo, blocked])],
      'POST /api/claims/': (call) => {
        posted = call;
        return [
          201,
          {
            created: [{ id: 41, invoice_id: 812, claim_number: 'C000041' }],
            refused: [{ invoice_id: 813, problems: ['Policy number is missing', 'Patient birthdate is missing'] }],
          },
        ];
      },
    });
    renderRoutes(routes, { path: '/claims/ready', session: adminSession });
    await user.click(await screen.findByRole('checkbox', { name: 'Select invoice 812' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice 813' }));
    const create = screen.getByRole('button', { name: 'Create claims (2)' });
    const before = readyCalls(calls).length;
    await user.click(create);
    await screen.findByText('1 claim created');
    expect(posted?.body).toEqual({ invoice_ids: [812, 813] });
    const refused = screen.getByRole('alert', { name: 'Invoices not billed' });
    expect(refused.textContent).toContain('One invoice was not billed');
    expect(refused.textContent).toContain('Invoice 813: Policy number is missing; Patient birthdate is missing');
    await waitFor(() => expect(readyCalls(calls).length).toBeGreaterThan(before));
    // The choice is spent.
    expect(screen.getByRole('button', { name: 'Create claims' })).toHaveProperty('disabled', true);
  });

  it('"All ready on this page" picks only the ready rows; a refusal of the whole request is shown', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'GET /api/claims/ready/': [200, page([ready, readyToo, blocked])],
      'POST /api/claims/': (call) => {
        posted = call;
        return [422, { invoice_ids: ['Choose at least one invoice'] }];
      },
    });
    renderRoutes(routes, { path: '/claims/ready', session: adminSession });
    await screen.findByText('Ana Zamora');
    await user.click(screen.getByRole('checkbox', { name: 'All ready on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select invoice 814' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Create claims (2)' }));
    await screen.findByText('Choose at least one invoice');
    expect(posted?.body).toEqual({ invoice_ids: [812, 813] });
  });

  it('searches after the 1500 ms delay', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/claims/ready/': [200, page([ready])] });
    renderRoutes(routes, { path: '/claims/ready', session: adminSession });
    await screen.findByText('Rose Hill');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'hill');
    expect(readyCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(readyCalls(calls)).toHaveLength(2), { timeout: 4000 });
    expect(readyCalls(calls)[1].query.get('search')).toBe('hill');
  });
});
