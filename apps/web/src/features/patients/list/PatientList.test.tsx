import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { page, STATES } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makePatient, toListRow } from '../test-data.ts';

const ana = toListRow(makePatient({ first_name: 'Ana', last_name: 'Zamora', birthdate: '1948-07-09', city: 'Dallas' }));
const bob = toListRow(
  makePatient({ first_name: 'Bob', last_name: 'Young', birthdate: null, city: '', state: null, phone: '' }),
);

function listCalls(calls: MockCall[], path = '/api/patients/') {
  return calls.filter((c) => c.method === 'GET' && c.path === path);
}

function lastQuery(calls: MockCall[], path = '/api/patients/') {
  const found = listCalls(calls, path);
  return Object.fromEntries(found[found.length - 1].query);
}

function rowTexts() {
  const table = screen.getByRole('table', { name: 'Patients' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('PatientList', () => {
  it('lists patients with the spec columns, Active first sorted by first name, 25 a page', async () => {
    const { calls } = mockApi({
      'GET /api/patients/': [200, page([ana, bob], 2)],
      'GET /api/usa_states_patients/': [200, STATES],
    });
    renderRoutes(routes, { path: '/patients', session: adminSession });
    await screen.findByText('Zamora');
    const headers = within(screen.getByRole('table', { name: 'Patients' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['First Name', 'Last Name', 'DOB', 'City', 'State', 'Primary Phone', 'Status', 'Actions']);
    expect(rowTexts()[0].slice(0, 7)).toEqual([
      'Ana',
      'Zamora',
      '07/09/1948',
      'Dallas',
      'Texas',
      '555-123-4567',
      'Active',
    ]);
    expect(rowTexts()[1].slice(0, 6)).toEqual(['Bob', 'Young', '-', '-', '-', '-']);
    expect(lastQuery(calls)).toEqual({ status: 'Active', ordering: 'first_name', page: '1', page_size: '25' });
    expect(screen.getByRole('link', { name: 'New Patient' }).getAttribute('href')).toBe('/patients/create');
    expect(screen.getByRole('link', { name: 'Edit Ana Zamora' }).getAttribute('href')).toBe(`/patients/${ana.id}`);
  });

  it('sorts ascending then descending, filters by status and state, and searches after the delay', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/patients/': (call) => [200, call.query.get('search') === 'zzz' ? page([]) : page([ana, bob], 2)],
      'GET /api/usa_states_patients/': [200, STATES],
    });
    renderRoutes(routes, { path: '/patients', session: adminSession });
    await screen.findByText('Zamora');

    await user.click(screen.getByRole('button', { name: 'Last Name' }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('last_name'));
    await user.click(screen.getByRole('button', { name: 'Last Name' }));
    await waitFor(() => expect(lastQuery(calls).ordering).toBe('-last_name'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Deceased' }));
    await waitFor(() => expect(lastQuery(calls).status).toBe('Deceased'));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Texas' }));
    await waitFor(() => expect(lastQuery(calls).state).toBe('44'));
    expect(lastQuery(calls)).toMatchObject({ ordering: '-last_name', status: 'Deceased', page: '1' });

    const before = listCalls(calls).length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zzz');
    // Nothing is fetched while typing; the search goes out once the 1500 ms delay has passed.
    expect(listCalls(calls).length).toBe(before);
    await screen.findByText("THERE AREN'T PATIENTS", undefined, { timeout: 4000 });
    expect(lastQuery(calls).search).toBe('zzz');
  });

  it('Rentals reads /patients_rentals/, says "THERE AREN\'T RENTALS" and passes the rentals state on', async () => {
    const { calls } = mockApi({
      'GET /api/patients_rentals/': [200, page([])],
      'GET /api/usa_states_patients/': [200, STATES],
    });
    renderRoutes(routes, { path: '/patients_rentals', session: adminSession });
    await screen.findByText("THERE AREN'T RENTALS");
    expect(listCalls(calls, '/api/patients_rentals/')).toHaveLength(1);
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('deletes after confirmation, and explains a refusal', async () => {
    const user = userEvent.setup({ delay: null });
    let listed = [ana, bob];
    const { calls } = mockApi({
      'GET /api/patients/': () => [200, page(listed)],
      'GET /api/usa_states_patients/': [200, STATES],
      [`DELETE /api/patients/${bob.id}/`]: () => {
        listed = [ana];
        return [204];
      },
      [`DELETE /api/patients/${ana.id}/`]: [
        400,
        { error: 'Patient cannot be deleted until you delete all the orders' },
      ],
    });
    renderRoutes(routes, { path: '/patients', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Delete Bob Young' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The patient has been deleted!');
    await waitFor(() => expect(screen.queryByText('Young')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure you want to delete?' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Ana Zamora' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Patient cannot be deleted until you delete all the orders');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('a 422 later empties the list and says why; a failed first load goes to /404', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/patients/': (call) =>
        call.query.get('status') === 'Inactive'
          ? [422, { status: ['Status must be Active, Inactive or Deceased'] }]
          : [200, page([ana])],
      'GET /api/usa_states_patients/': [200, STATES],
    });
    renderRoutes(routes, { path: '/patients', session: adminSession });
    await screen.findByText('Zamora');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await screen.findByText(/status: Status must be Active, Inactive or Deceased/);
    expect(screen.queryByText('Zamora')).toBeNull();

    mockApi({
      'GET /api/patients/': [500, { detail: 'Internal server error.' }],
      'GET /api/usa_states_patients/': [200, STATES],
    });
    const second = renderRoutes(routes, { path: '/patients', session: adminSession });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });
});
