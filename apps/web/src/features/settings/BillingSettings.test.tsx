import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingSettings } from '@dme/shared';
import { routes } from '@/app/router.tsx';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const blank: BillingSettings = {
  organization_name: '',
  npi: '',
  tax_id: '',
  taxonomy_code: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  submitter_name: '',
  submitter_id: '',
  submitter_contact_name: '',
  submitter_contact_phone: '',
  receiver_name: '',
  receiver_id: '',
  production: false,
  facility_place_of_service: '32',
};

const saved: BillingSettings = {
  ...blank,
  organization_name: 'Sunrise Medical Supply',
  npi: '1234567893',
  tax_id: '741234567',
  zip: '787011234',
  phone: '5125550100',
};

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** A 1024 px screen: the side menu opens over the page from the menu button. */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Show menu' }));
  return screen.findByRole('navigation', { name: 'Main menu' });
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('Settings menu entry', () => {
  it('is shown to administrators and opens Billing settings', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/settings/billing/': [200, saved] });
    const { router } = renderRoutes(routes, { path: '/home', session: adminSession });
    const nav = await openMenu(user);
    const link = within(nav).getByRole('link', { name: 'Settings' });
    expect(link.getAttribute('href')).toBe('/settings/billing');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    await screen.findByRole('form', { name: 'Billing settings' });
  });

  it.each([2, 3])('is hidden from role %i, whom the screen sends to /404', async (role) => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    const session = { ...adminSession, role_id: role, fullName: 'Olga Office' };
    const home = renderRoutes(routes, { path: '/home', session });
    const nav = await openMenu(user);
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    home.unmount();

    const direct = renderRoutes(routes, { path: '/settings/billing', session });
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/404'));
  });
});

describe('Billing settings', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('loads the settings, sends every field as the shared schema reads it, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    let put: MockCall | undefined;
    mockApi({
      'GET /api/settings/billing/': [200, saved],
      'PUT /api/settings/billing/': (call) => {
        put = call;
        return [200, { ...saved, ...(call.body as object) }];
      },
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    expect((name as HTMLInputElement).value).toBe('Sunrise Medical Supply');
    expect(textbox('ZIP+4').value).toBe('78701-1234');
    expect(textbox('Phone').value).toBe('512-555-0100');
    expect(save().disabled).toBe(true);

    await fill(user, textbox('Taxonomy code'), '332b00000x');
    await fill(user, textbox('State'), 'tx');
    await fill(user, textbox('Receiver ID'), 'CLEARHOUSE');
    await fill(user, textbox('Submitter contact phone'), '(512) 555-0199');
    await user.click(screen.getByRole('switch', { name: 'Production (ISA15 P)' }));
    await user.click(screen.getByRole('combobox', { name: 'Place of service for facility patients' }));
    await user.click(await screen.findByRole('option', { name: '31 — Skilled Nursing Facility' }));
    await press(user, save());
    await screen.findByText('Billing settings saved');
    expect(put?.body).toEqual({
      ...saved,
      taxonomy_code: '332B00000X',
      state: 'TX',
      receiver_id: 'CLEARHOUSE',
      submitter_contact_phone: '5125550199',
      production: true,
      facility_place_of_service: '31',
    });
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it('shows the shared rules at once and the server refusals under their fields', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/settings/billing/': [200, blank],
      'PUT /api/settings/billing/': [422, { submitter_id: ['Use letters and digits only'], npi: ['NPI is not valid'] }],
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    const npi = await screen.findByRole('textbox', { name: 'NPI' });
    await fill(user, npi, '1234567890');
    await user.tab();
    await screen.findByText('NPI is not valid');
    await user.clear(npi);
    await fill(user, npi, '1234567893');
    await fill(user, textbox('Submitter ID'), 'SUB1');
    await press(user, save());
    await screen.findByText('Use letters and digits only');
    expect(screen.getByText('NPI is not valid')).toBeTruthy();
    expect(screen.getByText('The request could not be processed!')).toBeTruthy();
  });

  it('?field= focuses that field once the settings are loaded', async () => {
    mockApi({ 'GET /api/settings/billing/': [200, saved] });
    renderRoutes(routes, { path: '/settings/billing?field=receiver_id', session: adminSession });
    await screen.findByRole('textbox', { name: 'Receiver ID' });
    await waitFor(() => expect(document.activeElement).toBe(textbox('Receiver ID')));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('imports the HCPCS file and shows what it loaded', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = mockApi({
      'GET /api/settings/billing/': [200, saved],
      'POST /api/settings/hcpcs/': [200, { codes: 7623, modifiers: 412, source: 'HCPC2025_ANWEB.txt' }],
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    const input = await screen.findByLabelText('HCPCS file');
    const file = new File(['E0601...'], 'HCPC2025_ANWEB.txt', { type: 'text/plain' });
    await user.upload(input, file);
    const summary = 'Imported 7,623 codes and 412 modifiers from HCPC2025_ANWEB.txt.';
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(summary));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/settings/hcpcs/'))?.[1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('HCPC2025_ANWEB.txt');
  });

  it('says why a file was refused', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/settings/billing/': [200, saved],
      'POST /api/settings/hcpcs/': [422, { file: ['The file is not the CMS HCPCS annual file'] }],
    });
    renderRoutes(routes, { path: '/settings/billing', session: adminSession });
    await user.upload(await screen.findByLabelText('HCPCS file'), new File(['x'], 'notes.txt'));
    await screen.findByText('The file is not the CMS HCPCS annual file');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
