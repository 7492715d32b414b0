import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { fill, waitForEnabled } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Create Vendor', () => {
  it('stays disabled until valid and changed, sends name and masked phone, then goes to /vendors', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'POST /api/vendors/': (call) => {
        posted = call;
        return [201, { id: 9, name: 'Aetna', phone: '800-872-3862' }];
      },
      'GET /api/vendors/': [200, [{ id: 9, name: 'Aetna', phone: '800-872-3862' }]],
    });
    const { router } = renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(button('Create Vendor').disabled).toBe(true);
    await fill(user, name, 'Aetna');
    expect(button('Create Vendor').disabled).toBe(true);
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await fill(user, phone, '(800) 872 3862');
    expect((phone as HTMLInputElement).value).toBe('800-872-3862');
    await waitForEnabled(button('Create Vendor'));
    await user.click(button('Create Vendor'));
    await screen.findByText('The vendor has been created!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendors'));
    expect(posted?.body).toEqual({ name: 'Aetna', phone: '800-872-3862' });
  });

  it('shows the spec messages and a duplicate name under the field', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'POST /api/vendors/': [422, { name: ['A vendor with this name already exists.'] }] });
    renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await fill(user, name, 'x');
    await user.clear(name);
    await screen.findByText('Name is required');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await fill(user, phone, '5');
    await user.clear(phone);
    await screen.findByText('Phone is required');
    await fill(user, name, 'Aetna');
    await fill(user, phone, '8008723862');
    await waitForEnabled(button('Create Vendor'));
    await user.click(button('Create Vendor'));
    await screen.findByText('A vendor with this name already exists.');
    expect(screen.getByText('The request could not be processed!')).toBeTruthy();
  });

  it('warns before leaving with changes', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/vendors/': [200, []] });
    renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Aetna');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' });
    expect(screen.getByText('You will lose your changes')).toBeTruthy();
  });
});

describe('Edit Vendor', () => {
  it('loads the vendor, labels the phone Phone Number and updates', async () => {
    const user = userEvent.setup({ delay: null });
    let patched: MockCall | undefined;
    mockApi({
      'GET /api/vendors/4/': [200, { id: 4, name: 'Humana', phone: '800-457-4708' }],
      'PATCH /api/vendors/4/': (call) => {
        patched = call;
        return [200, { id: 4, name: 'Humana Medicare', phone: '800-457-4708' }];
      },
      'GET /api/vendors/': [200, []],
    });
    renderRoutes(routes, { path: '/vendor/4', session: adminSession });
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Humana'));
    const phone = screen.getByRole('textbox', { name: 'Phone Number' }) as HTMLInputElement;
    expect(phone.value).toBe('800-457-4708');
    expect(button('Update Vendor').disabled).toBe(true);
    await user.clear(phone);
    await screen.findByText('Phone Number is required');
    await fill(user, phone, '800-457-4708');
    await fill(user, name, ' Medicare');
    await waitForEnabled(button('Update Vendor'));
    await user.click(button('Update Vendor'));
    await screen.findByText('The vendor has been updated!');
    expect(patched?.body).toEqual({ name: 'Humana Medicare', phone: '800-457-4708' });
  });

  it('a vendor that does not load goes to /404', async () => {
    mockApi({ 'GET /api/vendors/77/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/vendor/77', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
