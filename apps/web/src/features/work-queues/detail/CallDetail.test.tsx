import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallNote } from '@dme/shared';
import { workQueuesTestRoutes as routes } from '../test-routes.tsx';
import { fill } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { makeCallNote, makeCallOccurrence, makeCallService, USA_STATES } from '../test-data.ts';

const listHandlers = {
  'GET /api/usa_states/': [200, USA_STATES] as const,
  'GET /api/call-patient-eligibility/': pageAnswer([]),
};

describe('Call detail', () => {
  it('shows the header and adds a call note', async () => {
    const user = userEvent.setup({ delay: null });
    const notes: CallNote[] = [makeCallNote('Left a message')];
    const { calls } = mockApi({
      ...listHandlers,
      'GET /api/call-patient-eligibility/5/': [200, makeCallOccurrence()],
      'GET /api/users/service_notes/5/': () => [200, notes],
      'POST /api/users/service_notes/5/': (call) => {
        const note = makeCallNote((call.body as { body: string }).body);
        notes.unshift(note);
        return [201, note];
      },
    });
    renderRoutes(routes, { path: '/call-customer-w-eligibility/5', session: adminSession });

    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    await within(dialog).findByText('Maria Garcia');
    expect(within(dialog).getByText('03/10/2026')).toBeTruthy();
    await within(dialog).findByText('Left a message');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const noteDialog = await screen.findByRole('dialog', { name: 'New Call Note' });
    const save = within(noteDialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await fill(user, within(noteDialog).getByRole('textbox', { name: 'Content' }), 'Patient approved the delivery');
    await user.click(save);
    await screen.findByText('The note was added successfully');
    await within(dialog).findByText('Patient approved the delivery');
    // The one call-note request of the app: the occurrence is the path's, the body only the text.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Patient approved the delivery' });
  });

  it('saves changed notes on blur only, and closes to its list', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      ...listHandlers,
      'GET /api/call-patient-eligibility/5/': [200, makeCallOccurrence()],
      'GET /api/users/service_notes/5/': [200, []],
      'PATCH /api/orders/3/': [200, {}],
      'PATCH /api/patients/7/': [200, {}],
    });
    const { router } = renderRoutes(routes, { path: '/call-customer-w-eligibility/5', session: adminSession });
    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    const office = await within(dialog).findByLabelText('Office Notes');
    await user.click(office);
    await user.tab();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await fill(user, office, ' more');
    await user.tab();
    await screen.findByText('The order has been updated!');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/orders/3/', { office_notes: 'Office text more' }],
    ]);

    const general = within(dialog).getByLabelText('General Notes');
    expect((general as HTMLTextAreaElement).value).toBe('Prefers mornings');
    await fill(user, general, '!');
    await user.tab();
    await screen.findByText('Updated successfully!');
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ notes: 'Prefers mornings!' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/call-customer-w-eligibility/'));
  });

  it('edits a service quantity and deletes a service after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const gloves = makeCallService({ id: 61 });
    const pads = makeCallService({
      id: 62,
      product: { id: 42, name: 'Bed Pads', internal_code: 'PAD-1' },
      order_product: { order_product_name: 'Bed Pads', order_product_reference_code: 'PAD-1' },
    });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-customers/': pageAnswer([]),
      'GET /api/call-customers/5': [200, makeCallOccurrence({ services: [gloves, pads], total: 50 })],
      'GET /api/users/service_notes/5/': [200, []],
      'PATCH /api/services/61/': [200, {}],
      'DELETE /api/services/62/': [204],
    });
    renderRoutes(routes, { path: '/call-customers/5', session: adminSession });
    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    const services = await within(dialog).findByRole('table', { name: 'Services' });
    expect(within(services).getByText('50.00')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go to Patient' }).getAttribute('href')).toBe('/patients/7');

    await user.click(within(services).getByRole('button', { name: 'Edit service Nitrile Gloves' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit service' });
    // Product and Service Date are plain text beside their terms; only the quantity is a field.
    expect(within(edit).queryByRole('textbox', { name: 'Product' })).toBeNull();
    expect(within(edit).getByText('Product').nextElementSibling?.textContent).toBe('Nitrile Gloves');
    const quantity = within(edit).getByRole('textbox', { name: /^Quantity/ });
    await user.clear(quantity);
    await user.tab();
    await within(edit).findByText('Quantity is required');
    await user.type(quantity, '4');
    // The form validates asynchronously: Update turns on once the new quantity has been checked.
    const update = within(edit).getByRole<HTMLButtonElement>('button', { name: 'Update' });
    await waitFor(() => expect(update.disabled).toBe(false));
    await user.click(update);
    await screen.findByText('Service updated successfully.');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ amount_remmited: 4 });

    await user.click(within(services).getByRole('button', { name: 'Delete service Bed Pads' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Service deleted successfully.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/services/62/')).toBe(true);
  });

  it.each([
    [409, { error: 'The service changed meanwhile' }],
    [422, { date: ['The service date cannot be equal to or after the end date'] }],
    [500, { error: 'Internal Server Error' }],
  ])('a refused quantity update (%i) says "Service updated failed." and keeps the dialog', async (status, answer) => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/call-customers/': pageAnswer([]),
      'GET /api/call-customers/5': [200, makeCallOccurrence({ services: [makeCallService({ id: 61 })] })],
      'GET /api/users/service_notes/5/': [200, []],
      'PATCH /api/services/61/': [status, answer],
    });
    renderRoutes(routes, { path: '/call-customers/5', session: adminSession });
    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    const services = await within(dialog).findByRole('table', { name: 'Services' });
    await user.click(within(services).getByRole('button', { name: 'Edit service Nitrile Gloves' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit service' });
    const quantity = within(edit).getByRole('textbox', { name: /^Quantity/ });
    // Update is off for a wrong quantity: the reason shows while the field still has the focus.
    await fill(user, quantity, '99999999');
    await within(edit).findByText('Ensure this value is less than or equal to 99999.');
    await user.clear(quantity);
    await fill(user, quantity, '5');
    const update = within(edit).getByRole<HTMLButtonElement>('button', { name: 'Update' });
    await waitFor(() => expect(update.disabled).toBe(false));
    await user.click(update);
    await screen.findByText('Service updated failed.');
    expect(screen.getByRole('dialog', { name: 'Edit service' })).toBe(edit);
    await waitFor(() => expect(update.disabled).toBe(false));
  });
});

describe('Call detail holds', () => {
  const HOLDS = ['No standard written order for E0601 on file', 'Prior authorization 88123 for E0193 ended 03/31/2026'];

  it('lists the reasons of a hold; an administrator releases it with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    let occurrence = makeCallOccurrence({ holds: HOLDS });
    const { calls } = mockApi({
      ...listHandlers,
      'GET /api/call-patient-eligibility/5/': () => [200, occurrence],
      'GET /api/users/service_notes/5/': [200, []],
      'POST /api/ocurrences/5/hold_release/': (call) => {
        const release = { reason: 'Authorization faxed', holds: HOLDS, user: 'admin', created: '2026-03-02T15:00:00Z' };
        occurrence = makeCallOccurrence({ holds: [], hold_release: release });
        expect(call.body).toEqual({ reason: 'Authorization faxed' });
        return [201, { holds: [], hold_release: release }];
      },
    });
    renderRoutes(routes, { path: '/call-customer-w-eligibility/5', session: adminSession });
    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('On hold')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(HOLDS);

    await user.click(within(alert).getByRole('button', { name: 'Release hold' }));
    const release = await screen.findByRole('dialog', { name: 'Release hold' });
    const reason = within(release).getByRole('textbox', { name: 'Reason' });
    const submit = within(release).getByRole<HTMLButtonElement>('button', { name: 'Release hold' });
    expect(submit.disabled).toBe(true);
    await fill(user, reason, ' ');
    await user.tab();
    await within(release).findByText('Give the reason for the release');
    await fill(user, reason, 'Authorization faxed');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await screen.findByText('The hold has been released');
    await within(dialog).findByText('Hold released by admin on 03/02/2026: Authorization faxed');
    expect(calls.filter((c) => c.path === '/api/call-patient-eligibility/5/').length).toBe(2);
    // The list under the detail reads afresh too.
    expect(calls.filter((c) => c.path === '/api/call-patient-eligibility/').length).toBeGreaterThan(1);
  });

  it('offers no release to other roles, and shows nothing when nothing holds the occurrence', async () => {
    const { calls } = mockApi({
      ...listHandlers,
      'GET /api/call-patient-eligibility/5/': [200, makeCallOccurrence({ holds: HOLDS })],
      'GET /api/call-patient-eligibility/6/': [200, makeCallOccurrence({ id: 6 })],
      'GET /api/users/service_notes/5/': [200, []],
      'GET /api/users/service_notes/6/': [200, []],
    });
    const { router } = renderRoutes(routes, {
      path: '/call-customer-w-eligibility/5',
      session: { ...adminSession, role_id: 2 },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Call detail' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Release hold' })).toBeNull();

    await router.navigate('/call-customer-w-eligibility/6');
    // The detail of 6 replaces that of 5 (keyed by id): its services show, and no hold.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/call-patient-eligibility/6/')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(screen.getByRole('dialog', { name: 'Call detail' })).getByText('Order Details')).toBeTruthy();
  });
});
