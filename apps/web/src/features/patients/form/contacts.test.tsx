import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPatientSchema } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makePatient } from '../test-data.ts';
import { emptyPatientValues, toPatchBody } from './patient-form.ts';

const contacts = [
  { contact_name: 'Tom Miller', contact_number: '515-555-0101', contact_relation: 'Son' },
  { contact_name: 'Ann Miller', contact_number: '', contact_relation: 'Daughter' },
];

describe('contact_person in the Edit Patient submit (spec part 1 section 5)', () => {
  it('is sent only with both switches on', () => {
    const body = (switches: { call_before_delivery: boolean; contact_different_patient: boolean }) =>
      toPatchBody(
        createPatientSchema.parse({
          ...emptyPatientValues(),
          first_name: 'Rose',
          last_name: 'Miller',
          state_id: 16,
          ...switches,
          contact_person: contacts,
        }),
      );
    expect(body({ call_before_delivery: true, contact_different_patient: true }).contact_person).toEqual(contacts);
    for (const off of [
      { call_before_delivery: true, contact_different_patient: false },
      { call_before_delivery: false, contact_different_patient: true },
      { call_before_delivery: false, contact_different_patient: false },
    ]) {
      const patch = body(off);
      expect(patch).not.toHaveProperty('contact_person');
      expect(patch).toMatchObject(off);
    }
  });

  it('switching "Contact different than patient" off and saving keeps the contacts; on again shows them', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({
      call_before_delivery: true,
      contact_different_patient: true,
      contact_person: contacts,
    });
    const patches: MockCall[] = [];
    mockApi({
      'GET /api/usa_states/': [200, STATES],
      [`GET /api/patients/${patient.id}/`]: [200, patient],
      // The server keeps the saved contacts when contact_person is not sent.
      [`PATCH /api/patients/${patient.id}/`]: (call) => {
        patches.push(call);
        return [200, { ...patient, ...(call.body as object), contact_person: contacts }];
      },
    });
    renderRoutes(routes, { path: `/patients/${patient.id}`, session: adminSession });
    const names = async () =>
      (await screen.findAllByRole('textbox', { name: /Contact Name/ })).map((i) => (i as HTMLInputElement).value);
    expect(await names()).toEqual(['Tom Miller', 'Ann Miller']);

    await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
    expect(screen.queryAllByRole('textbox', { name: /Contact Name/ })).toHaveLength(0);
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await screen.findByText('The patient has been updated!');
    expect(patches).toHaveLength(1);
    expect(patches[0].body).toMatchObject({ call_before_delivery: true, contact_different_patient: false });
    expect(patches[0].body).not.toHaveProperty('contact_person');

    await user.click(screen.getByRole('switch', { name: 'Contact different than patient' }));
    expect(await names()).toEqual(['Tom Miller', 'Ann Miller']);
  });
});
