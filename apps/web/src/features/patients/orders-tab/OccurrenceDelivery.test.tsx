import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_MESSAGES as M, type PatientOrder } from '@dme/shared';
import { CANVAS_PNG, fakeCanvas } from '@/test/canvas.ts';
import { fill, press } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { PatientOrdersTab } from './PatientOrdersTab.tsx';

const occurrence = (id: number, date: string, extra: Partial<PatientOrder['ocurrences'][number]> = {}) => ({
  id,
  date,
  ticket_created: '2026-01-04T15:00:00.000Z',
  eligibility_toggle: true,
  customer_approved: false,
  shipped: false,
  invoice: null,
  holds: [],
  hold_release: null,
  delivery_document_id: null,
  ...extra,
});

const order: PatientOrder = {
  id: 31,
  name: 'CPAP',
  delivery: { id: 1, name: 'Ship' },
  status: { id: 1, name: 'Pending' },
  ocurrences: [
    occurrence(301, '2026-01-05'),
    occurrence(302, '2026-02-05', { shipped: true, invoice: { id: 9 }, delivery_document_id: 40 }),
  ],
};

describe("The patient's Orders tab: proof of delivery", () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:proof', revokeObjectURL: () => undefined });
    fakeCanvas();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('records the delivery of an occurrence and reloads the orders; views a recorded proof', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/orders/patient-what-ever/7': [200, [order]],
      'GET /api/patients/7/': [
        200,
        { id: 7, address_1: '1420 Grand Ave', address_2: 'Apt 4', city: 'Des Moines', state: null, zip: '50309' },
      ],
      'POST /api/ocurrences/301/delivery/': [201, { invoice_id: 10 }],
      'GET /api/ocurrences/302/delivery/proof/': [200, { pdf: true }],
    });
    renderRoutes([{ path: '/patients/:id', element: <PatientOrdersTab patientId={7} /> }], {
      path: '/patients/7',
      session: adminSession,
    });
    const card = await screen.findByRole('listitem', { name: 'Order CPAP' });
    await user.click(within(card).getByRole('button', { name: 'Expand order CPAP' }));
    const one = await within(card).findByRole('listitem', { name: 'Ocurrence #1 01-05-2026' });
    await user.click(within(one).getByRole('button', { name: 'Record delivery Ocurrence #1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record delivery' });
    expect(within(dialog).getByRole('textbox', { name: /Delivery address/ })).toHaveProperty(
      'value',
      '1420 Grand Ave, Apt 4, Des Moines, 50309',
    );
    await fill(user, within(dialog).getByRole('textbox', { name: /Recipient's name/ }), 'Rose Miller');
    await user.click(within(dialog).getByRole('combobox', { name: /Relationship to the patient/ }));
    await user.click(screen.getByRole('option', { name: 'Self' }));
    const canvas = within(dialog).getByRole('img', { name: 'Signature' });
    fireEvent.mouseDown(canvas, { buttons: 1, clientX: 10, clientY: 10 });
    fireEvent.mouseUp(canvas, { buttons: 0, clientX: 40, clientY: 30 });
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(M.delivered);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      recipient_name: 'Rose Miller',
      relationship: 'self',
      signature: CANVAS_PNG,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/orders/patient-what-ever/7')).toHaveLength(2));

    const two = within(card).getByRole('listitem', { name: 'Ocurrence #2 02-05-2026' });
    await user.click(within(two).getByRole('button', { name: 'View proof of delivery Ocurrence #2' }));
    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery: Ocurrence #2 02-05-2026' });
    await within(proof).findByTitle('Proof of delivery 302');
  });
});
