import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { PdfPreview } from './PdfPreview.tsx';
import { PdfPreviewDialog } from './PdfPreviewDialog.tsx';

const pdf = () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });

describe('PdfPreview', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn(() => {
        const url = `blob:doc-${created.length + 1}`;
        created.push(url);
        return url;
      }),
      revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('fetches once (even in StrictMode), shows the document and revokes its URL on unmount', async () => {
    const source = vi.fn(() => Promise.resolve(pdf()));
    const onLoaded = vi.fn();
    const view = render(
      <StrictMode>
        <SnackbarProvider>
          <PdfPreview source={source} fileName="shipping-status-7.pdf" title="Ticket 7" onLoaded={onLoaded} />
        </SnackbarProvider>
      </StrictMode>,
    );
    const frame = await screen.findByTitle('Ticket 7');
    expect(frame.getAttribute('src')).toMatch(/^blob:doc-/);
    expect(source).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(false);
    view.unmount();
    expect(revoked).toEqual(created);
  });

  it('downloads under the file name', async () => {
    const source = () => Promise.resolve(pdf());
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render(
      <SnackbarProvider>
        <PdfPreview source={source} fileName="invoice-3.pdf" />
      </SnackbarProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Download' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(clicks).toEqual(['invoice-3.pdf']));
    click.mockRestore();
  });

  it('reads "PDF preview error" when the document cannot be fetched', async () => {
    const onError = vi.fn();
    render(
      <SnackbarProvider>
        <PdfPreview source={() => Promise.reject(new Error('boom'))} fileName="x.pdf" onError={onError} />
      </SnackbarProvider>,
    );
    await screen.findByText('PDF preview error');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(true);
  });

  it('notifies "PDF preview error" when the caller does not handle the failure', async () => {
    render(
      <SnackbarProvider>
        <PdfPreview source={() => Promise.reject(new Error('boom'))} fileName="x.pdf" />
      </SnackbarProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('PDF preview error')).toHaveLength(2));
  });

  it('opens in a dialog no wider than 900 px', async () => {
    render(
      <SnackbarProvider>
        <PdfPreviewDialog
          open
          heading="Shipping ticket"
          onClose={() => undefined}
          source={() => Promise.resolve(pdf())}
          fileName="t.pdf"
        />
      </SnackbarProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Shipping ticket' });
    await screen.findByTitle('t.pdf');
    const paper = dialog.closest('.MuiDialog-paper') ?? dialog;
    expect(getComputedStyle(paper).maxWidth).toBe('900px');
  });
});
