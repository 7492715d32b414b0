import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { PatientAttachment, PatientDocument } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { STATES } from '@/test/factories.ts';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { makeDocument, makePatient } from '../../test-data.ts';
import { DocumentsTab } from './DocumentsTab.tsx';

const ATTACHMENTS: PatientAttachment[] = [
  { id: 3, name: 'swo-signed.pdf', url: '/api/attachments/3/download/' },
  { id: 4, name: 'delivery-ticket.pdf', url: '/api/attachments/4/download/' },
];
const ORDERS = [{ id: 15, name: 'CPAP' }];
const VENDORS = [
  { id: 2, name: 'Medicare DME', phone: '800-000-0000' },
  { id: 5, name: 'Aetna', phone: '800-872-3862' },
];

const swo = makeDocument({ id: 11 });
const authorization = makeDocument({
  id: 12,
  type: 'prior_authorization',
  date: '2026-02-20',
  practitioner_name: '',
  practitioner_npi: '',
  items: [],
  length_of_need_months: null,
  vendor_id: 2,
  vendor_name: 'Medicare DME',
  number: '88123',
  hcpcs: ['E0193', 'K0856'],
  units: 10,
  units_used: 3,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  valid_through: '2026-03-31',
  state: 'expiring',
});
const encounter = makeDocument({
  id: 13,
  type: 'face_to_face',
  date: '2025-09-02',
  items: [],
  hcpcs: [],
  length_of_need_months: null,
  valid_through: null,
});
const signed = makeDocument({
  id: 14,
  type: 'proof_of_delivery',
  date: '2026-03-05',
  items: [],
  hcpcs: [],
  practitioner_name: '',
  practitioner_npi: '',
  length_of_need_months: null,
  valid_through: null,
  ocurrence_id: 41,
  delivery: {
    recipient_name: 'Luis Garcia',
    relationship: 'spouse',
    delivered_at: '2026-03-05T16:00:00Z',
    address: '12 Main St',
  },
});
const uploaded = makeDocument({
  id: 15,
  type: 'proof_of_delivery',
  date: '2026-01-10',
  items: [],
  hcpcs: [],
  practitioner_name: '',
  practitioner_npi: '',
  length_of_need_months: null,
  valid_through: null,
  attachment_id: 4,
  attachment_name: 'delivery-ticket.pdf',
});
const lifetime = makeDocument({ id: 16, length_of_need_months: 99, valid_through: null, state: 'expired' });

function renderTab(documents: PatientDocument[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/patients/7/documents/': [200, documents],
    'GET /api/vendors/': [200, VENDORS],
    ...handlers,
  });
  const view = renderRoutes(
    [{ path: '/', element: <DocumentsTab patientId={7} orders={ORDERS} attachments={ATTACHMENTS} /> }],
    { session: adminSession },
  );
  return { ...view, ...api };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    );

/** Types a date into the picker of the field named `name` and leaves it (its blur validates it). */
function typeDate(dialog: HTMLElement, name: string, mmddyyyy: string) {
  const input = dialog.querySelector(`input[name="${name}"]`);
  const sections = input?.parentElement?.querySelector('.MuiPickersSectionList-root');
  if (!input || !sections) throw new Error(`no date field ${name}`);
  fireEvent.change(input, { target: { value: mmddyyyy } });
  fireEvent.blur(sections);
}

async function choose(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openAdd(user: UserEvent, type: string) {
  await user.click(await screen.findByRole('button', { name: 'Add document' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add document' });
  await choose(user, dialog, 'Type', type);
  return dialog;
}

describe('Documents tab of Edit Patient', () => {
  it('opens from ?tab=documents and lists each document with its details, good-through date and state', async () => {
    const patient = makePatient({ id: 7, attachments: ATTACHMENTS });
    mockApi({
      'GET /api/usa_states/': [200, STATES],
      'GET /api/patients/7/': [200, patient],
      'GET /api/patients/7/documents/': [200, [swo, authorization, encounter, signed, uploaded, lifetime]],
    });
    renderRoutes(routes, { path: '/patients/7?tab=documents', session: { ...adminSession, role_id: 2 } });
    const table = await screen.findByRole('table', { name: 'Documents' });
    await within(table).findByText('Prior authorization');
    expect(screen.getByRole('tab', { name: 'Documents', selected: true })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Date', 'Details', 'Good through', 'State', 'Actions']);
    expect(rowsOf(table)).toEqual([
      ['Standard written order', '03/01/2026', 'Dr. Ann ReyesE0601 ×112 months', '02/28/2027', 'Valid'],
      [
        'Prior authorization',
        '02/20/2026',
        'Medicare DME #88123E0193, K08563 of 10 units used',
        '03/31/2026',
        'Expiring',
      ],
      ['Face-to-face encounter', '09/02/2025', 'Dr. Ann Reyes', '—', 'Valid'],
      ['Proof of delivery', '03/05/2026', 'Luis Garcia (Spouse)', '—', 'Valid'],
      ['Proof of delivery', '01/10/2026', 'delivery-ticket.pdf', '—', 'Valid'],
      ['Standard written order', '03/01/2026', 'Dr. Ann ReyesE0601 ×1Lifetime', '—', 'Expired'],
    ]);
  });

  it('offers the attachment, and the signed proof of a recorded delivery, which cannot be edited or deleted', async () => {
    const user = userEvent.setup({ delay: null });
    Object.assign(URL, { createObjectURL: () => 'blob:proof', revokeObjectURL: () => undefined });
    const { calls } = renderTab([signed, uploaded], {
      'GET /api/ocurrences/41/delivery/proof/': [200, { pdf: true }],
    });
    const table = await screen.findByRole('table', { name: 'Documents' });
    const recorded = (await within(table).findByText('Luis Garcia (Spouse)')).closest('tr') as HTMLElement;
    const edit = within(recorded).getByRole<HTMLButtonElement>('button', { name: 'Edit Proof of delivery 03/05/2026' });
    expect(edit.disabled).toBe(true);
    expect(
      within(recorded).getByRole<HTMLButtonElement>('button', { name: 'Delete Proof of delivery 03/05/2026' }).disabled,
    ).toBe(true);
    expect(within(recorded).queryByRole('button', { name: /^View attachment/ })).toBeNull();
    const ticket = within(table).getByText('delivery-ticket.pdf').closest('tr') as HTMLElement;
    expect(within(ticket).getByRole('button', { name: 'View attachment Proof of delivery 01/10/2026' })).toBeTruthy();
    expect(within(ticket).queryByRole('button', { name: /^View proof/ })).toBeNull();

    await user.click(within(recorded).getByRole('button', { name: 'View proof Proof of delivery 03/05/2026' }));
    await screen.findByRole('dialog', { name: 'Proof of delivery: 03/05/2026' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ocurrences/41/delivery/proof/')).toBe(true));
  });

  it('adds a standard written order: its own fields, the shared messages, and the body it posts', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    const { calls } = renderTab([], {
      'POST /api/patients/7/documents/': (call) => {
        posted = call;
        return [201, swo];
      },
    });
    await screen.findByText('No documents yet');
    const dialog = await openAdd(user, 'Standard written order');
    expect(within(dialog).queryByRole('combobox', { name: 'Payer' })).toBeNull();
    const npi = within(dialog).getByRole('textbox', { name: 'Practitioner NPI' });
    await fill(user, npi, '1234567890');
    await user.tab();
    await within(dialog).findByText('Enter a valid 10-digit NPI (its check digit does not match)');
    await user.clear(npi);
    await fill(user, npi, '1234567893');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Practitioner' }), 'Dr. Ann Reyes');
    typeDate(dialog, 'date', '03/01/2026');

    const first = within(dialog).getByRole('group', { name: 'Item 1' });
    await fill(user, within(first).getByRole('textbox', { name: 'HCPCS' }), 'e0601');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    const second = within(dialog).getByRole('group', { name: 'Item 2' });
    await fill(user, within(second).getByRole('textbox', { name: 'HCPCS' }), 'A7030');
    const quantity = within(second).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await fill(user, quantity, '0');
    await user.tab();
    await within(dialog).findByText('Quantity must be a whole number of at least 1');
    await user.clear(quantity);
    await fill(user, quantity, '2');
    const length = within(dialog).getByRole('textbox', { name: 'Length of need (months)' });
    expect(within(dialog).getByText('99 = lifetime')).toBeTruthy();
    await fill(user, length, '99');
    await choose(user, dialog, 'Order', '#15 CPAP');

    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The document has been saved');
    expect(posted?.body).toEqual({
      type: 'standard_written_order',
      date: '2026-03-01',
      order_id: 15,
      attachment_id: null,
      practitioner_name: 'Dr. Ann Reyes',
      practitioner_npi: '1234567893',
      items: [
        { hcpcs: 'E0601', quantity: 1 },
        { hcpcs: 'A7030', quantity: 2 },
      ],
      length_of_need_months: 99,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list reads afresh.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/patients/7/documents/').length).toBe(2);
  });

  it("adds a prior authorization: the payer's select, codes as text, the period's rule and the server's messages", async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    renderTab([], {
      'POST /api/patients/7/documents/': (call) => {
        posted = call;
        return [422, { number: ['This authorization number is already on file for the payer'] }];
      },
    });
    const dialog = await openAdd(user, 'Prior authorization');
    expect(within(dialog).queryByRole('textbox', { name: 'Practitioner' })).toBeNull();
    await choose(user, dialog, 'Payer', 'Medicare DME');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Authorization number' }), '88123');
    const codes = within(dialog).getByRole('textbox', { name: 'HCPCS codes' });
    await fill(user, codes, 'e0193, K08');
    await user.tab();
    await within(dialog).findByText('Enter HCPCS codes such as E0601 (a letter and four digits)');
    await fill(user, codes, '56');
    const units = within(dialog).getByRole('textbox', { name: 'Units' });
    await fill(user, units, 'ten');
    await user.tab();
    await within(dialog).findByText('Units must be a whole number of at least 1');
    await user.clear(units);
    await fill(user, units, '10');
    typeDate(dialog, 'date', '02/20/2026');
    typeDate(dialog, 'start_date', '03/31/2026');
    typeDate(dialog, 'end_date', '03/01/2026');
    await within(dialog).findByText('The end date cannot be before the start date');
    typeDate(dialog, 'end_date', '06/30/2026');
    await waitFor(() => expect(within(dialog).queryByText('The end date cannot be before the start date')).toBeNull());
    await choose(user, dialog, 'Attachment', 'swo-signed.pdf');

    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('This authorization number is already on file for the payer');
    expect(posted?.body).toEqual({
      type: 'prior_authorization',
      date: '2026-02-20',
      order_id: null,
      attachment_id: 3,
      vendor_id: 2,
      number: '88123',
      hcpcs: ['E0193', 'K0856'],
      units: 10,
      start_date: '2026-03-31',
      end_date: '2026-06-30',
    });
  });

  it('asks each type for its own fields: an encounter its practitioner, an uploaded proof its attachment', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    renderTab([], {
      'POST /api/patients/7/documents/': (call) => {
        posted = call;
        return [201, uploaded];
      },
    });
    const dialog = await openAdd(user, 'Face-to-face encounter');
    expect(within(dialog).getByRole('textbox', { name: 'Practitioner' })).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Item 1' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Units' })).toBeNull();

    await choose(user, dialog, 'Type', 'Proof of delivery');
    expect(within(dialog).queryByRole('textbox', { name: 'Practitioner' })).toBeNull();
    expect(within(dialog).getByText('The signed delivery ticket')).toBeTruthy();
    typeDate(dialog, 'date', '01/10/2026');
    await choose(user, dialog, 'Attachment', 'delivery-ticket.pdf');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The document has been saved');
    expect(posted?.body).toEqual({ type: 'proof_of_delivery', date: '2026-01-10', order_id: null, attachment_id: 4 });
  });

  it("edits a document: its type stays, and only its type's fields are sent", async () => {
    const user = userEvent.setup({ delay: null });
    let patched: MockCall | undefined;
    renderTab([swo], {
      'PATCH /api/documents/11/': (call) => {
        patched = call;
        return [200, { ...swo, length_of_need_months: 6 }];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Standard written order 03/01/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit document' });
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).getAttribute('aria-disabled')).toBe('true');
    const length = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Length of need (months)' });
    expect(length.value).toBe('12');
    await user.clear(length);
    await fill(user, length, '6');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The document has been updated');
    expect(patched?.body).toEqual({
      date: '2026-03-01',
      order_id: null,
      attachment_id: null,
      practitioner_name: 'Dr. Ann Reyes',
      practitioner_npi: '1234567893',
      items: [{ hcpcs: 'E0601', quantity: 1 }],
      length_of_need_months: 6,
    });
  });

  it('deletes a document after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let documents = [swo, encounter];
    const { calls } = renderTab([], {
      'GET /api/patients/7/documents/': () => [200, documents],
      'DELETE /api/documents/13/': () => {
        documents = [swo];
        return [204];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Face-to-face encounter 09/02/2025' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(within(confirm).getByText('The face-to-face encounter 09/02/2025 will be deleted.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The document has been deleted');
    await waitFor(() => expect(screen.queryByText('Face-to-face encounter')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/documents/13/')).toBe(true);
  });
});
