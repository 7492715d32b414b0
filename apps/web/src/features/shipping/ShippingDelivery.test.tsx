import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_MESSAGES as M } from '@dme/shared';
import { fakeCanvas } from '@/test/canvas.ts';
import { mockApi } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { pageAnswer } from '@/test/factories.ts';
import { shippingTestRoutes as routes } from './test-routes.tsx';
import { makeRecord, USA_STATES } from './test-data.ts';

const ticketed = { ticket_created: '2026-05-02T14:00:00.000Z', user_ticket: { id: 1, username: 'admin' } };

describe('Shipping Status: proof of delivery', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proof'), revokeObjectURL: vi.fn() });
    fakeCanvas();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('records a delivery of a printed ticket, with the patient address, and views a recorded proof', async () => {
    const user = userEvent.setup({ delay: null });
    const fresh = makeRecord();
    const held = makeRecord({ ...ticketed, date: '2026-05-05', holds: ['No standard written order for E0601'] });
    const printed = makeRecord({ ...ticketed, date: '2026-05-06' });
    const delivered = makeRecord({
      ...ticketed,
      date: '2026-05-07',
      shipped: true,
      shipped_date: '2026-05-07',
      delivery_document_id: 40,
    });
    const { calls } = mockApi({
      'GET /api/usa_states/': [200, USA_STATES],
      'GET /api/shipping-status/': pageAnswer([fresh, held, printed, delivered]),
      'GET /api/patients/7/': [
        200,
        {
          id: 7,
          address_1: '18 Walnut Street',
          address_2: '',
          city: 'Ames',
          state: { id: 16, name: 'Iowa' },
          zip: '50010',
        },
      ],
      [`GET /api/ocurrences/${delivered.id}/delivery/proof/`]: [200, { pdf: true }],
    });
    renderRoutes(routes, { path: '/shipping-status/', session: adminSession });

    const table = await screen.findByRole('table', { name: 'Shipping Status' });
    await within(table).findByText('05/06/2026');
    expect(within(table).getByRole('columnheader', { name: 'Delivery' })).toBeTruthy();
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Record delivery Rose Albright 05/04/2026').disabled).toBe(true);
    expect(button('Record delivery Rose Albright 05/05/2026').disabled).toBe(true);
    expect(button('Record delivery Rose Albright 05/06/2026').disabled).toBe(false);
    expect(button('View proof of delivery Rose Albright 05/07/2026').disabled).toBe(false);
    const shipped = screen.getByRole('switch', { name: 'Shipped Rose Albright 05/07/2026' }) as HTMLInputElement;
    expect(shipped.disabled).toBe(true);
    expect(shipped.closest('span[aria-label]')?.getAttribute('aria-label')).toBe(M.alreadyDelivered);

    await user.click(button('Record delivery Rose Albright 05/06/2026'));
    const dialog = await screen.findByRole('dialog', { name: 'Record delivery' });
    expect(within(dialog).getByText('Rose Albright, 05/06/2026')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /Delivery address/ })).toHaveProperty(
      'value',
      '18 Walnut Street, Ames, Iowa 50010',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(button('View proof of delivery Rose Albright 05/07/2026'));
    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery: Rose Albright, 05/07/2026' });
    await within(proof).findByTitle(`Proof of delivery ${delivered.id}`);
    expect(calls.filter((c) => c.path === `/api/ocurrences/${delivered.id}/delivery/proof/`)).toHaveLength(1);
  });
});
