import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patientActivitySchema, type PatientActivity } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makePatient } from '../test-data.ts';
import { activityStamp } from './activity-stamp.ts';

const garcia = { id: 2, username: 'mgarcia', full_name: 'Maria Garcia' };
const wilson = { id: 3, username: 'jwilson', full_name: 'James Wilson' };

/** What the first entries are (a change, then reads of documents); the rest are reads of the record. */
const FIRST: Partial<PatientActivity>[] = [
  { action: 'update', user: wilson, changes: [{ field: 'phone', from: '515-555-0100', to: '515-555-0199' }] },
  { entity: 'delivery_ticket', entity_id: '4567', details: { date: '2026-10-02' } },
  { entity: 'large_batch', entity_id: '12', details: { patients: '12' } },
  { entity: 'invoice', entity_id: '123' },
];

/** 30 entries, newest first, as the server pages them. */
const entries: PatientActivity[] = Array.from({ length: 30 }, (_, i) =>
  patientActivitySchema.parse({
    id: 100 - i,
    at: new Date(Date.UTC(2026, 2, 30 - i, 15, 7)).toISOString(),
    action: 'read',
    entity: 'patient',
    entity_id: '7',
    user: garcia,
    changes: [],
    details: {},
    ...FIRST[i],
  }),
);

function answer(call: MockCall): readonly [number, unknown] {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('page_size'));
  return [
    200,
    { results: entries.slice((page - 1) * size, page * size), count: entries.length, page_size: size, current: page },
  ];
}

describe('Activity tab of Edit Patient', () => {
  it('shows an administrator who did what and when, newest first, a page at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({ id: 7 });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, STATES],
      'GET /api/patients/7/': [200, patient],
      'GET /api/patients/7/audit/': answer,
    });
    renderRoutes(routes, { path: '/patients/7', session: adminSession });
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('J. Wilson changed phone from 515-555-0100 to 515-555-0199');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0].textContent).toBe(
      `${activityStamp(entries[0].at)}J. Wilson changed phone from 515-555-0100 to 515-555-0199`,
    );
    expect(rows.slice(1, 5).map((row) => row.textContent)).toEqual([
      `${activityStamp(entries[1].at)}M. Garcia printed delivery ticket for occurrence 4567 (10/02/2026)`,
      `${activityStamp(entries[2].at)}M. Garcia downloaded large batch #12 (12 patients)`,
      `${activityStamp(entries[3].at)}M. Garcia viewed invoice #123`,
      `${activityStamp(entries[4].at)}M. Garcia viewed the record`,
    ]);
    expect(calls.filter((c) => c.path === '/api/patients/7/audit/').map((c) => c.query.toString())).toEqual([
      'page=1&page_size=25',
    ]);

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5));
    expect(calls.at(-1)?.query.toString()).toBe('page=2&page_size=25');
  });

  it('is not offered to other roles', async () => {
    const patient = makePatient({ id: 7 });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, STATES],
      'GET /api/patients/7/': [200, patient],
    });
    renderRoutes(routes, { path: '/patients/7', session: { ...adminSession, role_id: 2 } });
    await screen.findByRole('tab', { name: 'Tags' });
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/audit/'))).toBe(false);
  });
});
