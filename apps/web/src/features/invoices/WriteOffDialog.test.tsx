import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { makeInvoice } from './test-data.ts';
import { WriteOffDialog } from './WriteOffDialog.tsx';

function renderDialog(onDone = vi.fn(), onClose = vi.fn()) {
  const invoice = makeInvoice();
  const router = createMemoryRouter([
    { path: '/', element: <WriteOffDialog invoice={invoice} onClose={onClose} onDone={onDone} /> },
  ]);
  render(
    <Providers client={testQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { invoice, onDone, onClose };
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Write off ${name}` }) as HTMLInputElement;
const ok = () => screen.getByRole('button', { name: 'Ok' }) as HTMLButtonElement;
const totalsRow = () => screen.getByText('Totals').closest('tr') as HTMLElement;

describe('WriteOffDialog', () => {
  it('rows, enabling rule (4.7), totals that follow the boxes, and the write-off sent', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    const after = makeInvoice({ balance: 27 });
    mockApi({
      'POST /api/services-write-off/': (call) => {
        posted = call;
        return [200, { invoices: [after] }];
      },
    });
    const { onDone, onClose } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Write Off' });
    expect(within(dialog).getByRole('link', { name: 'Nasal Cannula Adult 7ft' }).getAttribute('href')).toBe(
      '/products/31',
    );
    // Partly paid: enabled. Not paid at all: enabled. Fully remitted: disabled.
    expect(box('Nasal Cannula Adult 7ft').disabled).toBe(false);
    expect(box('CPAP Full Face Mask').disabled).toBe(false);
    expect(box('Humidifier Chamber').disabled).toBe(true);
    expect(ok().disabled).toBe(true);
    expect(
      within(totalsRow())
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Totals', '$62.00', '$35.00', '$0.00']);

    await user.click(box('Nasal Cannula Adult 7ft'));
    const row = screen.getByRole('link', { name: 'Nasal Cannula Adult 7ft' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nasal Cannula Adult 7ft', '$20.00', '$0.00', '']);
    expect(
      within(totalsRow())
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Totals', '$62.00', '$27.00', '$8.00']);
    expect(ok().disabled).toBe(false);
    // Unchecking puts it back: nothing changed, Ok disabled again.
    await user.click(box('Nasal Cannula Adult 7ft'));
    expect(ok().disabled).toBe(true);
    await user.click(box('Nasal Cannula Adult 7ft'));

    await user.click(ok());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(after));
    expect(onClose).toHaveBeenCalled();
    expect(posted?.body).toEqual({
      services: [{ id: 1, outstanding: '0.00', amount_ajusted: '0.00', write_off: '8.00' }],
    });
    await screen.findByText('Services updated sucessfully!');
  });

  it('a refused write-off shows the spec message and keeps the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'POST /api/services-write-off/': [422, { 'services.0.outstanding': ['stale'] }] });
    const { onDone, onClose } = renderDialog();
    await user.click(box('CPAP Full Face Mask'));
    await user.click(ok());
    await screen.findByText('The request could not be processed!');
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({});
    const { onClose } = renderDialog();
    await user.click(box('CPAP Full Face Mask'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
