import type { ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { CLAIM_MESSAGES, type Patient } from '@dme/shared';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, Providers, testQueryClient } from '@/test/render.tsx';
import { saveSession } from '@/lib/storage.ts';
import { patientsKeys } from '../api/keys.ts';
import { makePatient } from '../test-data.ts';
import { AttachmentsTab } from './AttachmentsTab.tsx';
import { DiagnosisList } from './DiagnosisList.tsx';
import { HcpcsList } from './HcpcsList.tsx';
import { InsuranceList } from './InsuranceList.tsx';
import { TagsTab } from './TagsTab.tsx';

/** Renders a child list over the cached patient, as Edit Patient does. */
function renderWithPatient(patient: Patient, view: (p: Patient) => ReactNode) {
  saveSession(adminSession);
  const client = testQueryClient();
  client.setQueryData(patientsKeys.detail(patient.id), patient);
  function Live() {
    const { data } = useQuery({ queryKey: patientsKeys.detail(patient.id), queryFn: () => patient });
    return <>{data ? view(data) : null}</>;
  }
  render(
    <Providers client={client}>
      <Live />
    </Providers>,
  );
}

/** What the insurance dialog sends for the coverage nobody filled in. */
const noCoverage = {
  vendor_id: null,
  priority: null,
  group_number: '',
  relationship: '18',
  subscriber_first_name: '',
  subscriber_last_name: '',
  subscriber_birthdate: null,
  subscriber_gender: '',
};

const PAYERS = [
  { id: 3, name: 'Medicare DME Jurisdiction C', phone: '866-270-4909' },
  { id: 4, name: 'Aetna', phone: '800-872-3862' },
];

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Edit Patient children', () => {
  it('insurance dialog removes spaces, dots and dashes from the policy number as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient();
    let posted: MockCall | undefined;
    mockApi({
      [`POST /api/patients/${patient.id}/insurances/`]: (call) => {
        posted = call;
        return [201, { id: 9, name: 'Aetna', policy_number: 'AB12345' }];
      },
      [`PATCH /api/patients/${patient.id}/insurances/9/`]: [500, { detail: 'Internal server error.' }],
    });
    renderWithPatient(patient, (p) => <InsuranceList patientId={p.id} insurances={p.insurances} />);
    expect(screen.getByText('No insurances yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Insurance' });
    const saveButton = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);

    await fill(user, within(dialog).getByRole('textbox', { name: /Name/ }), 'Aetna');
    const policy = within(dialog).getByRole('textbox', { name: /Policy Number/ }) as HTMLInputElement;
    await user.type(policy, 'AB 12.3-45');
    expect(policy.value).toBe('AB12345');
    await press(user, saveButton);
    await screen.findByText('Insurance added successfully!');
    expect(posted?.body).toEqual({ name: 'Aetna', policy_number: 'AB12345', ...noCoverage });
    const table = await screen.findByRole('table', { name: 'Insurances' });
    expect(within(table).getByText('AB12345')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit insurance Aetna' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Insurance' });
    await user.clear(within(edit).getByRole('textbox', { name: /Name/ }));
    await user.tab();
    await within(edit).findByText('Name is required');
    expect((within(edit).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await fill(user, within(edit).getByRole('textbox', { name: /Name/ }), 'Aetna Plus');
    await press(user, within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByText('The request could not be processed!');
  });

  it('insurance coverage: the payer names an unnamed insurance; the insured is asked for unless Self', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient();
    let posted: MockCall | undefined;
    let patched: MockCall | undefined;
    const saved = {
      id: 9,
      name: 'Medicare DME Jurisdiction C',
      policy_number: '1EG4TE5MK73',
      vendor_id: 3,
      payer: { id: 3, name: 'Medicare DME Jurisdiction C' },
      priority: 1,
      group_number: 'GRP1',
      relationship: '01',
      subscriber_first_name: 'Jose',
      subscriber_last_name: 'Lopez',
      subscriber_birthdate: '1948-02-11',
      subscriber_gender: 'Male',
    };
    mockApi({
      'GET /api/vendors/': [200, PAYERS],
      [`POST /api/patients/${patient.id}/insurances/`]: (call) => {
        posted = call;
        return [201, saved];
      },
      [`PATCH /api/patients/${patient.id}/insurances/9/`]: (call) => {
        patched = call;
        return [422, { priority: ['This patient already has a primary insurance'] }];
      },
    });
    renderWithPatient(patient, (p) => <InsuranceList patientId={p.id} insurances={p.insurances} />);
    await user.click(screen.getByRole('button', { name: 'Add Insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Insurance' });
    await choose(user, dialog, 'Payer', 'Medicare DME Jurisdiction C');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Medicare DME Jurisdiction C'));
    await choose(user, dialog, 'Priority', 'Primary');
    await fill(user, within(dialog).getByRole('textbox', { name: /Policy Number/ }), '1EG4TE5MK73');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Group number' }), 'GRP1');
    expect(within(dialog).queryByRole('textbox', { name: "Insured's first name" })).toBeNull();
    await choose(user, dialog, 'Relationship to insured', 'Spouse');
    await fill(user, within(dialog).getByRole('textbox', { name: "Insured's first name" }), 'Jose');
    await fill(user, within(dialog).getByRole('textbox', { name: "Insured's last name" }), 'Lopez');
    const birthdate = dialog.querySelector('input[name="subscriber_birthdate"]') as HTMLInputElement;
    fireEvent.change(birthdate, { target: { value: '02/11/1948' } });
    await choose(user, dialog, "Insured's gender", 'Male');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Insurance added successfully!');
    expect(posted?.body).toEqual({ ...saved, id: undefined, payer: undefined });

    const table = await screen.findByRole('table', { name: 'Insurances' });
    const row = within(table).getByRole('row', { name: /1EG4TE5MK73/ });
    expect(within(row).getByText('Primary')).toBeTruthy();
    expect(within(row).getAllByText('Medicare DME Jurisdiction C')).toHaveLength(2);

    // Back to Self: the insured's own fields are dropped; a refusal shows under its field.
    await user.click(screen.getByRole('button', { name: 'Edit insurance Medicare DME Jurisdiction C' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Insurance' });
    expect(within(edit).getByRole('combobox', { name: 'Payer' }).textContent).toBe('Medicare DME Jurisdiction C');
    expect((within(edit).getByRole('textbox', { name: "Insured's first name" }) as HTMLInputElement).value).toBe(
      'Jose',
    );
    await choose(user, edit, 'Relationship to insured', 'Self');
    await press(user, within(edit).getByRole('button', { name: 'Save' }));
    await within(edit).findByText('This patient already has a primary insurance');
    expect(patched?.body).toMatchObject({
      relationship: '18',
      subscriber_first_name: '',
      subscriber_last_name: '',
      subscriber_birthdate: null,
      subscriber_gender: '',
    });
  });

  it('diagnosis: the ICD-10 code is checked as typed, sent without its dot and listed with it', async () => {
    const user = userEvent.setup({ delay: null });
    const diagnosis = [{ id: 3, text: 'Type 2 diabetes', code: '' }];
    const patient = makePatient({ diagnosis });
    let posted: MockCall | undefined;
    let patched: MockCall | undefined;
    mockApi({
      [`POST /api/patients/${patient.id}/diagnostics/`]: (call) => {
        posted = call;
        return [201, { id: 4, text: 'COPD', code: 'J44.9' }];
      },
      [`PATCH /api/patients/${patient.id}/diagnostics/3/`]: (call) => {
        patched = call;
        return [
          422,
          { code: ['ICD-10 code is not valid (a letter, two characters, then optionally a dot and up to four more)'] },
        ];
      },
    });
    renderWithPatient(patient, (p) => <DiagnosisList patientId={p.id} diagnoses={p.diagnosis} />);
    await user.click(screen.getByRole('button', { name: 'New Diagnosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Diagnosis' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Diagnosis' }), 'COPD');
    const code = within(dialog).getByRole('textbox', { name: 'ICD-10 code' });
    await fill(user, code, 'j44.');
    await within(dialog).findByText(CLAIM_MESSAGES.icd10Invalid);
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await fill(user, code, '9');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Created successfully!');
    expect(posted?.body).toEqual({ text: 'COPD', code: 'J449' });
    const list = screen.getByRole('list', { name: 'Diagnosis entries' });
    expect(within(list).getAllByRole('listitem')[1].textContent).toBe('J44.9COPD');

    await user.click(screen.getByRole('button', { name: 'Edit diagnosis 1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Diagnosis' });
    await fill(user, within(edit).getByRole('textbox', { name: 'ICD-10 code' }), 'E11.9');
    await press(user, within(edit).getByRole('button', { name: 'Save' }));
    await within(edit).findByText(CLAIM_MESSAGES.icd10Invalid);
    expect(patched?.body).toEqual({ text: 'Type 2 diabetes', code: 'E119' });
  });

  it('diagnosis: Save stays disabled while the text is empty; delete asks first', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({ diagnosis: [{ id: 3, text: 'E11.9 Type 2 diabetes', code: '' }] });
    mockApi({
      [`POST /api/patients/${patient.id}/diagnostics/`]: [201, { id: 4, text: 'J44.9 COPD' }],
      [`DELETE /api/patients/${patient.id}/diagnostics/3/`]: [204],
    });
    renderWithPatient(patient, (p) => <DiagnosisList patientId={p.id} diagnoses={p.diagnosis} />);
    await user.click(screen.getByRole('button', { name: 'New Diagnosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Diagnosis' });
    const saveButton = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Diagnosis' }), '   ');
    expect(saveButton.disabled).toBe(true);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Diagnosis' }), 'J44.9 COPD');
    await press(user, saveButton);
    await screen.findByText('Created successfully!');
    await screen.findByText('J44.9 COPD');

    await user.click(screen.getByRole('button', { name: 'Delete diagnosis 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Diagnosis Deleted successfully!');
    await waitFor(() => expect(screen.queryByText('E11.9 Type 2 diabetes')).toBeNull());
  });

  it('HCPCS entries carry their modifiers', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient({ health: [{ id: 5, text: 'E0601 CPAP', modifier: [] }] });
    let posted: MockCall | undefined;
    mockApi({
      [`POST /api/patients/${patient.id}/modifier/`]: (call) => {
        posted = call;
        return [201, { id: 8, text: 'RR', hcps_id: 5 }];
      },
      [`PATCH /api/patients/${patient.id}/modifier/8/`]: [200, { id: 8, text: 'RR KX', hcps_id: 5 }],
      [`DELETE /api/patients/${patient.id}/modifier/8/`]: [204],
    });
    renderWithPatient(patient, (p) => <HcpcsList patientId={p.id} entries={p.health} />);
    await user.click(screen.getByRole('button', { name: 'New modifier for HCPCS 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Modifier' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Modifier' }), 'RR');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Created successfully!');
    expect(posted?.body).toEqual({ text: 'RR', hcps_id: 5 });
    const modifiers = await screen.findByRole('list', { name: 'Modifiers of HCPCS 1' });
    expect(within(modifiers).getByText('RR')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit modifier 1 of HCPCS 1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Modifier' });
    expect((within(edit).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await fill(user, within(edit).getByRole('textbox', { name: 'Modifier' }), ' KX');
    await press(user, within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByText('Updated successfully!');
    await screen.findByText('RR KX');

    await user.click(screen.getByRole('button', { name: 'Delete modifier 1 of HCPCS 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Modifier Deleted successfully!');
  });

  it('tags are saved as they are clicked; a refused click goes back', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient();
    let posts = 0;
    const { calls } = mockApi({
      [`POST /api/patients/${patient.id}/tags/`]: () => {
        posts += 1;
        return posts === 1
          ? [201, { id: 1, name: 'Diabetic', checked: true }]
          : [500, { detail: 'Internal server error.' }];
      },
      [`DELETE /api/patients/${patient.id}/tags/2/`]: [204],
    });
    renderWithPatient(patient, (p) => <TagsTab patientId={p.id} tags={p.tags} />);
    const diabetic = screen.getByRole('checkbox', { name: 'Diabetic' }) as HTMLInputElement;
    const oxygen = screen.getByRole('checkbox', { name: 'Oxygen' }) as HTMLInputElement;
    expect([diabetic.checked, oxygen.checked]).toEqual([false, true]);
    await user.click(diabetic);
    await waitFor(() => expect(diabetic.checked).toBe(true));
    await user.click(oxygen);
    await waitFor(() => expect(oxygen.checked).toBe(false));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/patients/${patient.id}/tags/`,
      `DELETE /api/patients/${patient.id}/tags/2/`,
    ]);
    expect(calls[0].body).toEqual({ tag_id: 1 });

    await user.click(oxygen);
    await screen.findByText('The request could not be processed!');
    await waitFor(() => expect(oxygen.checked).toBe(false));
  });

  it('attachments upload as multipart and download with the session token', async () => {
    const user = userEvent.setup({ delay: null });
    const patient = makePatient();
    const { fetchMock } = mockApi({
      'POST /api/attachments/': [201, { id: 12, name: 'referral.pdf', url: '/api/attachments/12/download/' }],
      'GET /api/attachments/12/download/': [200, { ok: true }],
    });
    renderWithPatient(patient, (p) => <AttachmentsTab patientId={p.id} attachments={p.attachments} />);
    await user.upload(
      screen.getByLabelText('Upload File'),
      new File(['%PDF-1.4'], 'referral.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText('The attachment has been uploaded!');
    const [, init] = fetchMock.mock.calls[0];
    const form = init?.body as FormData;
    expect(form.get('patient')).toBe(String(patient.id));
    expect((form.get('file') as File).name).toBe('referral.pdf');

    const created: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:attachment';
      },
      revokeObjectURL: () => undefined,
    });
    // jsdom cannot follow the download link; the browser's part is covered end to end.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'referral.pdf' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const download = fetchMock.mock.calls[1];
    expect(String(download[0])).toBe('/api/attachments/12/download/');
    expect(new Headers(download[1]?.headers).get('Authorization')).toBe(`JWT ${adminSession.token}`);
  });
});
