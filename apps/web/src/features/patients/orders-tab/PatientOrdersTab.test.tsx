import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { PatientOrder } from '@dme/shared';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { PatientOrdersTab } from './PatientOrdersTab.tsx';
import { invoiceAction, shippingTicketAction } from './occurrence-actions.ts';

const occurrence = (id: number, date: string, extra: Partial<PatientOrder['ocurrences'][number]> = {}) => ({
  id,
  date,
  ticket_created: null,
  eligibility_toggle: false,
  customer_approved: false,
  shipped: false,
  invoice: null,
  holds: [],
  hold_release: null,
  delivery_document_id: null,
  ...extra,
});

const named: PatientOrder = {
  id: 31,
  name: 'Monthly gloves',
  delivery: { id: 1, name: 'Ship' },
  status: { id: 1, name: 'Pending' },
  ocurrences: [occurrence(301, '2026-01-05'), occurrence(302, '2026-02-05', { shipped: true })],
};
const unnamed: PatientOrder = {
  id: 32,
  name: '',
  delivery: { id: 2, name: 'Deliver' },
  status: { id: 2, name: 'Active' },
  ocurrences: [],
};

function ShowState() {
  const location = useLocation();
  return <p>{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderTab() {
  return renderRoutes(
    [
      { path: '/patients/:id', element: <PatientOrdersTab patientId={7} /> },
      { path: '*', element: <ShowState /> },
    ],
    { path: '/patients/7', session: adminSession },
  );
}

describe('PatientOrdersTab', () => {
  it('shows each order by name (or "No Order Name") with its delivery; expanded, "Ocurrence #n" MM-DD-YYYY', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/orders/patient-what-ever/7': [200, [named, unnamed]] });
    renderTab();
    const first = await screen.findByRole('listitem', { name: 'Order Monthly gloves' });
    // The number and the first date of service tell a clone from its original.
    expect(within(first).getByText('#31 · first service 01/05/2026 · Ship · 2 ocurrences')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Order No Order Name' });
    expect(within(second).getByText('No Order Name')).toBeTruthy();
    expect(within(second).getByText('#32 · Deliver · 0 ocurrences')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Expand order Monthly gloves' }));
    const one = await within(first).findByRole('listitem', { name: 'Ocurrence #1 01-05-2026' });
    expect(within(one).getByText('Ocurrence #1')).toBeTruthy();
    expect(within(one).getByText('01-05-2026')).toBeTruthy();
    const two = within(first).getByRole('listitem', { name: 'Ocurrence #2 02-05-2026' });
    expect(within(two).getByText('Shipped')).toBeTruthy();
    // No ticket without eligibility; an invoice once shipped.
    expect(
      (within(one).getByRole('button', { name: 'Print shipping ticket Ocurrence #1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (within(one).getByRole('button', { name: 'Print invoice Ocurrence #1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (within(two).getByRole('button', { name: 'Print invoice Ocurrence #2' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(within(one).getByRole('link', { name: 'Show order Ocurrence #1' }).getAttribute('href')).toBe(
      '/call-customers/301',
    );
  });

  it('lists the call notes of an occurrence, or says there are none, and adds one', async () => {
    const user = userEvent.setup({ delay: null });
    const note = {
      id: 5,
      body: 'Patient asked to ship on Monday',
      created: '2026-01-03T15:00:00.000Z',
      user_stamped: { id: 1, username: 'admin' },
    };
    let notes = [note];
    const { calls } = mockApi({
      'GET /api/orders/patient-what-ever/7': [200, [named]],
      'GET /api/users/service_notes/301/': () => [200, notes],
      'GET /api/users/service_notes/302/': [200, []],
      'POST /api/users/service_notes/302/': (call) => {
        const added = { ...note, id: 6, body: (call.body as { body: string }).body };
        notes = [added];
        return [201, added];
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Expand order Monthly gloves' }));
    await user.click(await screen.findByRole('button', { name: 'Show call notes Ocurrence #1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Call Notes' });
    await within(dialog).findByText('Patient asked to ship on Monday');
    expect(within(dialog).getByText('admin · 01/03/2026')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Show call notes Ocurrence #2' }));
    dialog = await screen.findByRole('dialog', { name: 'Call Notes' });
    await within(dialog).findByText('There are no call notes for this occurrence');
    await user.type(within(dialog).getByRole('textbox', { name: 'Add note' }), 'Left a voicemail');
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    await within(dialog).findByText('Left a voicemail');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Left a voicemail' });
  });

  it('clones after confirmation and reloads; delete shows the refusal text', async () => {
    const user = userEvent.setup({ delay: null });
    let list = [named];
    const { calls } = mockApi({
      'GET /api/orders/patient-what-ever/7': () => [200, list],
      'GET /api/clone-order/31/': () => {
        list = [{ ...named, id: 33 }, named];
        return [201, { id: 33 }];
      },
      'DELETE /api/orders/31/': [
        400,
        {
          error: 'You cannot delete this order because one or more of the occurrences are marked as Shipped.',
          detail: 'x',
        },
      ],
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Clone order Monthly gloves' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Do you want to clone this order?' })).getByRole('button', {
        name: 'Clone',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Order Monthly gloves' })).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/orders/patient-what-ever/7')).toHaveLength(2);

    await user.click(screen.getAllByRole('button', { name: 'Delete order Monthly gloves' })[1]);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText(
        'You cannot delete this order because one or more of the occurrences are marked as Shipped.',
      ),
    ).toBeTruthy();
  });

  it('deletes an order: "The order has been deleted!"', async () => {
    const user = userEvent.setup({ delay: null });
    let list = [named, unnamed];
    mockApi({
      'GET /api/orders/patient-what-ever/7': () => [200, list],
      'DELETE /api/orders/32/': () => {
        list = [named];
        return [204];
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete order No Order Name' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('The order has been deleted!');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Order No Order Name' })).toBeNull());
  });

  it('New Order and edit carry {fromPatient}', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/orders/patient-what-ever/7': [200, [named]] });
    const { router } = renderTab();
    await user.click(await screen.findByRole('link', { name: 'Edit order Monthly gloves' }));
    await screen.findByText('/orders/31/edit {"fromPatient":7}');
    await router.navigate('/patients/7');
    await user.click(await screen.findByRole('link', { name: 'New Order' }));
    await screen.findByText('/orders/create {"fromPatient":7}');
  });

  it('prints the shipping ticket into a preview, then reloads the patient; "Download error" on failure', async () => {
    const user = userEvent.setup({ delay: null });
    Object.assign(URL, { createObjectURL: () => 'blob:ticket', revokeObjectURL: () => undefined });
    const eligible: PatientOrder = {
      ...named,
      ocurrences: [
        occurrence(301, '2026-01-05', { eligibility_toggle: true }),
        occurrence(303, '2026-03-05', { eligibility_toggle: true }),
      ],
    };
    const { calls } = mockApi({
      'GET /api/orders/patient-what-ever/7': [200, [eligible]],
      'GET /api/export/301/print/': [200, { pdf: true }],
      'GET /api/export/303/print/': [409, { detail: 'The patient must approve the delivery.' }],
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'Order Monthly gloves' });
    await user.click(within(card).getByRole('button', { name: 'Expand order Monthly gloves' }));
    const one = await within(card).findByRole('listitem', { name: 'Ocurrence #1 01-05-2026' });
    await user.click(within(one).getByRole('button', { name: 'Print shipping ticket Ocurrence #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shipping ticket: Ocurrence #1 01-05-2026' });
    await within(dialog).findByTitle('Shipping ticket 301');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    const loads = () => calls.filter((c) => c.path === '/api/orders/patient-what-ever/7').length;
    await waitFor(() => expect(loads()).toBe(2));
    expect(calls.filter((c) => c.path === '/api/export/301/print/')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const two = within(card).getByRole('listitem', { name: 'Ocurrence #2 03-05-2026' });
    await user.click(within(two).getByRole('button', { name: 'Print shipping ticket Ocurrence #2' }));
    await screen.findByText('Download error');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('Print invoice downloads invoice-{id}.pdf of a shipped occurrence', async () => {
    const user = userEvent.setup({ delay: null });
    Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => undefined });
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const shipped: PatientOrder = {
        ...named,
        ocurrences: [occurrence(302, '2026-02-05', { shipped: true, invoice: { id: 55 } })],
      };
      const { calls } = mockApi({
        'GET /api/orders/patient-what-ever/7': [200, [shipped]],
        'GET /api/invoice_export/55/': [200, { pdf: true }],
      });
      renderTab();
      const card = await screen.findByRole('listitem', { name: 'Order Monthly gloves' });
      await user.click(within(card).getByRole('button', { name: 'Expand order Monthly gloves' }));
      const one = await within(card).findByRole('listitem', { name: 'Ocurrence #1 02-05-2026' });
      await user.click(within(one).getByRole('button', { name: 'Print invoice Ocurrence #1' }));
      await waitFor(() => expect(save).toHaveBeenCalled());
      expect((save.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-55.pdf');
      expect(calls.filter((c) => c.path === '/api/invoice_export/55/')).toHaveLength(1);
    } finally {
      save.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('allows a ticket only without one and with eligibility on; an invoice only when shipped', () => {
    const base = occurrence(1, '2026-01-05');
    expect(shippingTicketAction(base).allowed).toBe(false);
    expect(shippingTicketAction({ ...base, eligibility_toggle: true }).allowed).toBe(true);
    expect(
      shippingTicketAction({ ...base, eligibility_toggle: true, ticket_created: '2026-01-04T10:00:00.000Z' }).allowed,
    ).toBe(false);
    expect(invoiceAction(base).allowed).toBe(false);
    expect(invoiceAction({ ...base, shipped: true }).allowed).toBe(true);
  });
});

describe('PatientOrdersTab holds', () => {
  it('marks each held or released occurrence with its hold', async () => {
    const user = userEvent.setup({ delay: null });
    const release = { reason: 'Order faxed', holds: ['x'], user: 'admin', created: '2026-02-01T15:00:00Z' };
    mockApi({
      'GET /api/orders/patient-what-ever/7': [
        200,
        [
          {
            ...named,
            ocurrences: [
              occurrence(301, '2026-01-05', { holds: ['No standard written order for E0601 on file'] }),
              occurrence(302, '2026-02-05', { hold_release: release }),
              occurrence(303, '2026-03-05'),
            ],
          },
        ],
      ],
    });
    renderTab();
    const card = await screen.findByRole('listitem', { name: 'Order Monthly gloves' });
    await user.click(within(card).getByRole('button', { name: 'Expand order Monthly gloves' }));
    const one = await within(card).findByRole('listitem', { name: 'Ocurrence #1 01-05-2026' });
    expect(
      within(one).getByRole('button', { name: 'On hold: No standard written order for E0601 on file' }),
    ).toBeTruthy();
    const two = within(card).getByRole('listitem', { name: 'Ocurrence #2 02-05-2026' });
    expect(within(two).getByRole('img', { name: 'Hold released by admin: Order faxed' })).toBeTruthy();
    const three = within(card).getByRole('listitem', { name: 'Ocurrence #3 03-05-2026' });
    expect(within(three).queryByRole('button', { name: /^On hold/ })).toBeNull();
  });
});
