import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page } from '@/test/factories.ts';
import { fill } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeDenialRow } from './test-data.ts';

const denial = makeDenialRow();
const older = makeDenialRow({
  id: 8,
  claim_id: 38,
  claim_number: 'C000038',
  patient: { id: 6, first_name: 'Tom', last_name: 'Reed' },
  payer: { id: 4, name: 'Aetna' },
  hcpcs: 'E0601',
  amount: 95.5,
  adjustments: [
    { group: 'PR', reason: '204', amount: 95.5, description: 'Not covered under the current benefit plan' },
  ],
  remarks: [],
  age_days: 100,
  status: 'appealed',
  note: 'Sent records',
});

const VENDORS = [
  {
    id: 3,
    name: 'Medicare',
    phone: '',
    payer_id: '',
    claim_filing_indicator: '',
    address_1: '',
    city: '',
    state: '',
    zip: '',
  },
  {
    id: 4,
    name: 'Aetna',
    phone: '',
    payer_id: '',
    claim_filing_indicator: '',
    address_1: '',
    city: '',
    state: '',
    zip: '',
  },
];

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/denials/');
const lastQuery = (calls: MockCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function choose(user: UserEvent, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Denials', () => {
  it('lists the open denials with their reasons in words, linked to the patient and the claim', async () => {
    const { calls } = mockApi({
      'GET /api/denials/': [200, page([denial, older])],
      'GET /api/vendors/': [200, VENDORS],
    });
    renderRoutes(routes, { path: '/denials', session: adminSession });
    await screen.findByText('Tom Reed');
    const table = screen.getByRole('table', { name: 'Denials' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Patient',
      'Payer',
      'Claim',
      'Date of service',
      'HCPCS',
      'Amount',
      'Reasons',
      'Age (days)',
      'Status',
      'Actions',
    ]);
    const cells = within(rowOf('Rose Hill'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      'Rose Hill',
      'Medicare',
      'C000041',
      '03/02/2026',
      'A7030',
      '$30.00',
      'CO-50 30.00 Not deemed a medical necessityM127 Missing patient medical record for this service',
      '45',
      'Open',
    ]);
    expect(within(table).getByRole('link', { name: 'Rose Hill' }).getAttribute('href')).toBe('/patients/5');
    expect(within(table).getByRole('link', { name: 'C000041' }).getAttribute('href')).toBe('/claims/41');
    expect(
      within(rowOf('Rose Hill'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resubmit', 'Write off', 'Appeal']);
    // An appealed denial may still be resubmitted or written off; it is not appealed twice.
    expect(
      within(rowOf('Tom Reed'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resubmit', 'Write off']);
    expect(lastQuery(calls)).toEqual({ page: '1', page_size: '25', status: 'open' });
  });

  it('sends each filter to the server: payer, reason code, age and status', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/denials/': [200, page([denial])],
      'GET /api/vendors/': [200, VENDORS],
    });
    renderRoutes(routes, { path: '/denials', session: adminSession });
    await screen.findByText('Rose Hill');

    await choose(user, 'Payer', 'Aetna');
    await waitFor(() => expect(lastQuery(calls).payer).toBe('4'));

    await fill(user, screen.getByRole('textbox', { name: 'Reason' }), 'CO-');
    await screen.findByText('Letters and digits only');
    await user.clear(screen.getByRole('textbox', { name: 'Reason' }));
    await fill(user, screen.getByRole('textbox', { name: 'Reason' }), '50');
    await waitFor(() => expect(lastQuery(calls).reason).toBe('50'));

    await choose(user, 'Age', 'Over 60 days');
    await waitFor(() => expect(lastQuery(calls).min_age).toBe('60'));

    await choose(user, 'Status', 'All');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({
        page: '1',
        page_size: '25',
        payer: '4',
        reason: '50',
        min_age: '60',
        status: 'all',
      }),
    );
    // No request carried the half-typed, invalid code.
    expect(listCalls(calls).some((c) => c.query.get('reason') === 'CO-')).toBe(false);

    await choose(user, 'Payer', 'Any payer');
    await waitFor(() => expect(lastQuery(calls).payer).toBeUndefined());
  });

  it('resubmits a denial after a confirmation and opens the replacement claim', async () => {
    const user = userEvent.setup({ delay: null });
    const posts: MockCall[] = [];
    mockApi({
      'GET /api/denials/': [200, page([denial])],
      'GET /api/vendors/': [200, VENDORS],
      'POST /api/denials/7/resubmit/': (call) => {
        posts.push(call);
        return [201, { id: 44, invoice_id: 812, claim_number: '812-2' }];
      },
      // The claim screen is the claims area's; here it only has to open.
      'GET /api/claims/44/': () => new Promise(() => undefined),
    });
    const { router } = renderRoutes(routes, { path: '/denials', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Resubmit C000041 A7030' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resubmit claim' });
    expect(confirm.textContent).toContain('Make a replacement of claim C000041 for invoice 812?');
    await user.click(within(confirm).getByRole('button', { name: 'Resubmit' }));
    await screen.findByText('Replacement claim 812-2 created');
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims/44'));
    expect(posts).toHaveLength(1);
  });

  it('writes a denial off after a confirmation; its row shows it at once', async () => {
    const user = userEvent.setup({ delay: null });
    const posts: MockCall[] = [];
    mockApi({
      'GET /api/denials/': [200, page([denial, older])],
      'GET /api/vendors/': [200, VENDORS],
      'POST /api/denials/7/write_off/': (call) => {
        posts.push(call);
        return [200, { ...denial, status: 'written_off' }];
      },
    });
    renderRoutes(routes, { path: '/denials', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Write off C000041 A7030' }));
    const confirm = await screen.findByRole('dialog', { name: 'Write off denial' });
    expect(confirm.textContent).toContain('Write off $30.00 of A7030 C000041 for Rose Hill?');
    await user.click(within(confirm).getByRole('button', { name: 'Write off' }));
    await screen.findByText('$30.00 of claim C000041 written off');
    await waitFor(() => expect(within(rowOf('Rose Hill')).getAllByRole('cell')[8].textContent).toBe('Written off'));
    expect(within(rowOf('Rose Hill')).queryByRole('button')).toBeNull();
    expect(posts).toHaveLength(1);
  });

  it('appeals a denial with a required note', async () => {
    const user = userEvent.setup({ delay: null });
    const posts: MockCall[] = [];
    mockApi({
      'GET /api/denials/': [200, page([denial])],
      'GET /api/vendors/': [200, VENDORS],
      'POST /api/denials/7/appeal/': (call) => {
        posts.push(call);
        return [200, { ...denial, status: 'appealed', note: 'Sent the CMN' }];
      },
    });
    renderRoutes(routes, { path: '/denials', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Appeal C000041 A7030' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal denial' });
    await user.click(within(dialog).getByRole('button', { name: 'Appeal' }));
    await within(dialog).findByText('Write what the appeal says');
    expect(posts).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Note' }), '  Sent the CMN ');
    await user.click(within(dialog).getByRole('button', { name: 'Appeal' }));
    await screen.findByText('Denial of claim C000041 appealed');
    expect(posts[0].body).toEqual({ note: 'Sent the CMN' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Appeal denial' })).toBeNull());
    expect(within(rowOf('Rose Hill')).getAllByRole('cell')[8].textContent).toBe('Appealed');
  });

  it("shows the server's refusal in an alert", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/denials/': [200, page([denial])],
      'GET /api/vendors/': [200, VENDORS],
      'POST /api/denials/7/resubmit/': [422, { detail: 'Claim C000041 for this invoice is not answered yet' }],
      'POST /api/denials/7/appeal/': [409, { detail: 'This denial was already written off' }],
    });
    renderRoutes(routes, { path: '/denials', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Resubmit C000041 A7030' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Resubmit claim' })).getByRole('button', { name: 'Resubmit' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Claim C000041 for this invoice is not answered yet',
    );

    await user.click(screen.getByRole('button', { name: 'Appeal C000041 A7030' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal denial' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Note' }), 'Sent the CMN');
    await user.click(within(dialog).getByRole('button', { name: 'Appeal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This denial was already written off');
  });
});

describe('Denials for office staff', () => {
  it('lists the denials without the actions, which are billing work', async () => {
    mockApi({ 'GET /api/denials/': [200, page([denial])], 'GET /api/vendors/': [200, VENDORS] });
    renderRoutes(routes, { path: '/denials', session: { ...adminSession, role_id: 2 } });
    await screen.findByText('Rose Hill');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Resubmit|Write off|Appeal) / })).toBeNull();
  });
});
