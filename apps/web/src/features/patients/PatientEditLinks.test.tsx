import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makePatient } from './test-data.ts';

const coverage = {
  vendor_id: null,
  payer: null,
  priority: null,
  group_number: '',
  relationship: '18' as const,
  subscriber_first_name: '',
  subscriber_last_name: '',
  subscriber_birthdate: null,
  subscriber_gender: '',
};

// Held in variables: the fields the claims work added are checked as they are, not as excess.
const insurances = [
  { id: 8, name: 'Aetna', policy_number: 'W123', ...coverage },
  { id: 9, name: 'Medicare', policy_number: '', ...coverage },
];
const diagnosis = [{ id: 3, text: 'COPD', code: 'J44.9' }];

const patient = makePatient({
  physician_npi: '1234567890',
  insurances,
  diagnosis,
});

function open(query: string) {
  mockApi({
    'GET /api/usa_states/': [200, STATES],
    [`GET /api/patients/${patient.id}/`]: [200, patient],
    'GET /api/vendors/': [200, []],
  });
  renderRoutes(routes, { path: `/patients/${patient.id}?${query}`, session: adminSession });
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
const focused = () => document.activeElement;

describe('Edit Patient deep links (the claim scrubber)', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('?tab=insurances&insurance=9&field=policy_number opens that insurance and focuses the field', async () => {
    open('tab=insurances&insurance=9&field=policy_number');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Insurance' });
    expect(selectedTab()).toBe('Insurances');
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Medicare');
    const policy = within(dialog).getByRole('textbox', { name: /Policy Number/ });
    await waitFor(() => expect(focused()).toBe(policy));
  });

  it('?field=physician_npi opens the Insurances tab at the physician NPI', async () => {
    open('field=physician_npi');
    const npi = await screen.findByRole('textbox', { name: 'NPI' });
    await waitFor(() => expect(focused()).toBe(npi));
    expect(selectedTab()).toBe('Insurances');
    expect(screen.queryByRole('dialog', { name: 'Edit Insurance' })).toBeNull();
  });

  it('?tab=insurances&field=diagnosis brings the diagnoses into view', async () => {
    open('tab=insurances&field=diagnosis');
    const section = await screen.findByRole('region', { name: 'Diagnosis' });
    await waitFor(() => expect(focused()).toBe(section));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('?tab=address&field=zip opens the Address tab at the ZIP; the name fields are always in view', async () => {
    open('tab=address&field=zip');
    const zip = await screen.findByRole('textbox', { name: /Zip/i });
    await waitFor(() => expect(focused()).toBe(zip));
    expect(selectedTab()).toBe('Address');
  });

  it('?tab=address&field=last_name focuses the patient’s own field', async () => {
    open('tab=address&field=last_name');
    const lastName = await screen.findByRole('textbox', { name: /Last Name/ });
    await waitFor(() => expect(focused()).toBe(lastName));
  });
});
