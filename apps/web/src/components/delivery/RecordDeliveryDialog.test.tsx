import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { DOCUMENT_MESSAGES as M } from '@dme/shared';
import { CANVAS_PNG, fakeCanvas } from '@/test/canvas.ts';
import { fill, press, waitForEnabled } from '@/test/fill.ts';
import { mockApi } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { RecordDeliveryDialog } from './RecordDeliveryDialog.tsx';

/** One stroke with the mouse across the signature box (jsdom has mouse events, not pointer events). */
function sign(dialog: HTMLElement) {
  const canvas = within(dialog).getByRole('img', { name: 'Signature' });
  fireEvent.mouseDown(canvas, { buttons: 1, clientX: 10, clientY: 20 });
  fireEvent.mouseMove(canvas, { buttons: 1, clientX: 60, clientY: 40 });
  fireEvent.mouseMove(canvas, { buttons: 1, clientX: 120, clientY: 30 });
  fireEvent.mouseUp(canvas, { buttons: 0, clientX: 140, clientY: 25 });
}

function renderDialog() {
  fakeCanvas();
  const onClose = vi.fn();
  render(
    <Providers client={testQueryClient()}>
      <RecordDeliveryDialog
        occurrenceId={7}
        subtitle="Rose Miller, 05/01/2026"
        defaultAddress="18 Walnut Street, Ames, Iowa 50010"
        refresh={[['shipping', 'list']]}
        onClose={onClose}
      />
    </Providers>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Record delivery' });
  return { dialog, onClose, save: within(dialog).getByRole('button', { name: 'Save' }) };
}

async function complete(user: UserEvent, dialog: HTMLElement) {
  await fill(user, within(dialog).getByRole('textbox', { name: /Recipient's name/ }), 'Jane Doe');
  await user.click(within(dialog).getByRole('combobox', { name: /Relationship to the patient/ }));
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Self',
    'Spouse',
    'Child',
    'Caregiver',
    'Facility staff',
    'Other',
  ]);
  await user.click(screen.getByRole('option', { name: 'Spouse' }));
  const when = within(dialog).getByLabelText(/Delivery date and time/);
  await user.clear(when);
  await user.type(when, '2026-05-03T10:30');
}

describe('RecordDeliveryDialog', () => {
  it('starts with now and the patient address, keeps Save off until signed, and says what is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, save } = renderDialog();
    expect(within(dialog).getByText('Rose Miller, 05/01/2026')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /Delivery address/ })).toHaveProperty(
      'value',
      '18 Walnut Street, Ames, Iowa 50010',
    );
    expect((within(dialog).getByLabelText(/Delivery date and time/) as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    );
    expect(within(dialog).getByRole('img', { name: 'Signature' })).toBeTruthy();

    await user.click(within(dialog).getByRole('textbox', { name: /Recipient's name/ }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Delivery address/ }));
    await user.tab();
    await within(dialog).findByText(M.recipientRequired);
    await within(dialog).findByText(M.addressRequired);

    await fill(user, within(dialog).getByRole('textbox', { name: /Delivery address/ }), '400 Elm Drive');
    await complete(user, dialog);
    expect(save).toHaveProperty('disabled', true);
    sign(dialog);
    await waitForEnabled(save);
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await within(dialog).findByText(M.signatureRequired);
    await waitForEnabled(save, false);
  });

  it('posts the delivery with the time and its offset, then says so and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      'POST /api/ocurrences/7/delivery/': [201, { invoice_id: 3 }],
    });
    const { dialog, onClose, save } = renderDialog();
    await complete(user, dialog);
    sign(dialog);
    await press(user, save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(M.delivered)).toBeTruthy();
    const posted = api.calls.find((c) => c.method === 'POST')!;
    expect(posted.body).toEqual({
      recipient_name: 'Jane Doe',
      relationship: 'spouse',
      delivered_at: expect.stringMatching(/^2026-05-03T10:30:00[+-]\d{2}:\d{2}$/),
      address: '18 Walnut Street, Ames, Iowa 50010',
      signature: CANVAS_PNG,
    });
  });

  it("shows the server's field messages under their fields, and a refusal or the holds in the dialog", async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      [422, { delivered_at: [M.deliveredInFuture] }],
      [409, { error: M.noTicket, detail: M.noTicket }],
      [422, { holds: ['No standard written order for E0601', 'No face-to-face encounter for E0601'] }],
    ] as const;
    let call = 0;
    mockApi({ 'POST /api/ocurrences/7/delivery/': () => answers[call++]! });
    const { dialog, onClose, save } = renderDialog();
    await complete(user, dialog);
    sign(dialog);

    await press(user, save);
    await within(dialog).findByText(M.deliveredInFuture);
    await user.clear(within(dialog).getByLabelText(/Delivery date and time/));
    await user.type(within(dialog).getByLabelText(/Delivery date and time/), '2026-05-03T09:00');

    await press(user, save);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(M.noTicket);

    await press(user, save);
    await within(dialog).findByText('No standard written order for E0601');
    expect(within(dialog).getByRole('alert').textContent).toContain('No face-to-face encounter for E0601');
    expect(onClose).not.toHaveBeenCalled();
  });
});
