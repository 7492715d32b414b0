import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@/app/router.tsx';
import { fill, waitForEnabled } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';

const noClaimFields = {
  payer_id: '',
  claim_filing_indicator: '',
  address_1: '',
  city: '',
  state: '',
  zip: '',
  pricing: 'medicare',
  pricing_percent: null,
  prior_auth_hcpcs: [],
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

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
    expect(posted?.body).toEqual({ name: 'Aetna', phone: '800-872-3862', ...noClaimFields });
  });

  it('sends the electronic-claims fields as the shared schema reads them, and shows refusals under them', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'POST /api/vendors/': (call) => {
        posted = call;
        return [422, { payer_id: ['Payer id is letters and digits, at most 80'] }];
      },
    });
    renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Medicare DME Jurisdiction C');
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '8662700000');
    const section = screen.getByRole('region', { name: 'Electronic claims' });
    await fill(user, within(section).getByRole('textbox', { name: 'Payer ID' }), '17013');
    await user.click(within(section).getByRole('combobox', { name: 'Claim filing indicator' }));
    await user.click(await screen.findByRole('option', { name: 'MB — Medicare Part B' }));
    await fill(user, within(section).getByRole('textbox', { name: 'Address' }), 'PO Box 20010');
    await fill(user, within(section).getByRole('textbox', { name: 'City' }), 'Nashville');
    const state = within(section).getByRole('textbox', { name: 'State' });
    await fill(user, state, 't1');
    await screen.findByText('State must be two letters');
    await user.clear(state);
    await fill(user, state, 'tn');
    await fill(user, within(section).getByRole('textbox', { name: 'ZIP' }), '37202-0010');
    await waitForEnabled(button('Create Vendor'));
    await user.click(button('Create Vendor'));
    await screen.findByText('Payer id is letters and digits, at most 80');
    expect(posted?.body).toEqual({
      name: 'Medicare DME Jurisdiction C',
      phone: '866-270-0000',
      payer_id: '17013',
      claim_filing_indicator: 'MB',
      address_1: 'PO Box 20010',
      city: 'Nashville',
      state: 'TN',
      zip: '372020010',
      pricing: 'medicare',
      pricing_percent: null,
      prior_auth_hcpcs: [],
    });
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
    expect(patched?.body).toEqual({ name: 'Humana Medicare', phone: '800-457-4708', ...noClaimFields });
  });

  it('loads the electronic-claims fields and ?field= focuses the one a claim needs', async () => {
    const user = userEvent.setup({ delay: null });
    let patched: MockCall | undefined;
    const vendor = {
      id: 5,
      name: 'Aetna',
      phone: '800-872-3862',
      payer_id: '60054',
      claim_filing_indicator: 'CI',
      address_1: 'PO Box 981106',
      city: 'El Paso',
      state: 'TX',
      zip: '79998',
    };
    mockApi({
      'GET /api/vendors/5/': [200, vendor],
      'PATCH /api/vendors/5/': (call) => {
        patched = call;
        return [200, { ...vendor, ...(call.body as object) }];
      },
      'GET /api/vendors/': [200, []],
    });
    renderRoutes(routes, { path: '/vendor/5?field=payer_id', session: adminSession });
    const payer = (await screen.findByRole('textbox', { name: 'Payer ID' })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(payer));
    expect(payer.value).toBe('60054');
    const indicator = screen.getByRole('combobox', { name: 'Claim filing indicator' });
    expect(indicator.textContent).toBe('CI — Commercial Insurance Co.');
    await user.click(indicator);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await waitForEnabled(button('Update Vendor'));
    await user.click(button('Update Vendor'));
    await screen.findByText('The vendor has been updated!');
    expect(patched?.body).toEqual({
      ...vendor,
      id: undefined,
      claim_filing_indicator: '',
      pricing: 'medicare',
      pricing_percent: null,
      prior_auth_hcpcs: [],
    });
  });

  it('?field= reaches a select too', async () => {
    mockApi({ 'GET /api/vendors/6/': [200, { id: 6, name: 'Cigna', phone: '800-244-6224', ...noClaimFields }] });
    renderRoutes(routes, { path: '/vendor/6?field=claim_filing_indicator', session: adminSession });
    const indicator = await screen.findByRole('combobox', { name: 'Claim filing indicator' });
    await waitFor(() => expect(document.activeElement).toBe(indicator));
  });

  it('a vendor that does not load goes to /404', async () => {
    mockApi({ 'GET /api/vendors/77/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/vendor/77', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe('Vendor pricing and price list', () => {
  it('asks for the percent with percent of Medicare and sends it as a number', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'POST /api/vendors/': (call) => {
        posted = call;
        return [201, { id: 9, name: 'Aetna', phone: '800-872-3862', ...noClaimFields }];
      },
      'GET /api/vendors/': [200, []],
    });
    renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Aetna');
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '8008723862');
    const section = screen.getByRole('region', { name: 'Pricing' });
    const percent = within(section).getByRole('textbox', { name: 'Percent' }) as HTMLInputElement;
    expect(percent.disabled).toBe(true);
    await user.click(within(section).getByRole('combobox', { name: 'Pricing' }));
    await user.click(await screen.findByRole('option', { name: 'Percent of Medicare' }));
    await waitFor(() => expect(percent.disabled).toBe(false));
    await fill(user, percent, '1200');
    await within(section).findByText('Enter a percent greater than 0 and at most 1000, with at most two decimals');
    await user.clear(percent);
    await within(section).findByText('Percent is required when the payer pays a percent of Medicare');
    await fill(user, percent, '80');
    await waitForEnabled(button('Create Vendor'));
    await user.click(button('Create Vendor'));
    await screen.findByText('The vendor has been created!');
    expect(posted?.body).toMatchObject({ pricing: 'percent_of_medicare', pricing_percent: 80 });
  });

  it('Edit Vendor lists the price list and uploads a new one', async () => {
    const user = userEvent.setup({ delay: null });
    let prices = [{ id: 1, hcpcs: 'E0601', modifiers: ['RR'], price: 45.5, effective_date: '2025-01-01' }];
    const { fetchMock } = mockApi({
      'GET /api/vendors/8/': [
        200,
        { id: 8, name: 'Wellmark', phone: '800-524-9242', ...noClaimFields, pricing: 'price_list' },
      ],
      'GET /api/vendors/8/price_list/': () => [200, prices],
      'POST /api/vendors/8/price_list/': () => {
        prices = [...prices, { id: 2, hcpcs: 'A4253', modifiers: [], price: 8, effective_date: '2025-03-01' }];
        return [201, { count: 2 }];
      },
    });
    renderRoutes(routes, { path: '/vendor/8', session: adminSession });
    const section = await screen.findByRole('region', { name: 'Price list' });
    const table = await within(section).findByRole('table', { name: 'Price list' });
    await within(table).findByText('E0601');
    expect(within(table).getByText('$45.50')).toBeTruthy();
    expect(within(table).getByText('01/01/2025')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Pricing' }).textContent).toBe('Own price list');

    await user.click(within(section).getByRole('button', { name: 'Upload price list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload price list' });
    await user.upload(within(dialog).getByLabelText('Price list file'), new File(['hcpcs,...'], 'prices.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByText('The price list now holds 2 prices.');
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/price_list/') && init?.method === 'POST',
    )?.[1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('prices.csv');
    await within(table).findByText('A4253');
  });
});

describe('Vendor documents (issue 34)', () => {
  it('sends the prior-authorization codes as a list, with the message of a code that is not one', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      'POST /api/vendors/': (call) => {
        posted = call;
        return [201, { id: 9, name: 'Medicare DME', phone: '866-270-0000' }];
      },
      'GET /api/vendors/': [200, []],
    });
    renderRoutes(routes, { path: '/vendors/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Medicare DME');
    await fill(user, screen.getByRole('textbox', { name: 'Phone' }), '8662700000');
    const section = screen.getByRole('region', { name: 'Documents' });
    const codes = within(section).getByRole('textbox', { name: 'Prior authorization HCPCS codes' });
    expect(within(section).getByText('Codes this payer authorizes in advance, e.g. K0856, E0193')).toBeTruthy();
    expect(within(section).queryByText(/^Medicare: every item/)).toBeNull();
    await fill(user, codes, 'k0856, E01');
    await within(section).findByText('Enter HCPCS codes such as E0601 (a letter and four digits)');
    await fill(user, codes, '93 e0277');

    // A Medicare payer (claim filing indicator MB) needs a standard written order for every item.
    const claims = screen.getByRole('region', { name: 'Electronic claims' });
    await user.click(within(claims).getByRole('combobox', { name: 'Claim filing indicator' }));
    await user.click(await screen.findByRole('option', { name: 'MB — Medicare Part B' }));
    expect(within(section).getByText('Medicare: every item needs a standard written order on file.')).toBeTruthy();

    await waitForEnabled(button('Create Vendor'));
    await user.click(button('Create Vendor'));
    await screen.findByText('The vendor has been created!');
    expect(posted?.body).toMatchObject({ claim_filing_indicator: 'MB', prior_auth_hcpcs: ['K0856', 'E0193', 'E0277'] });
  });

  it("loads a payer's codes on Edit Vendor", async () => {
    mockApi({
      'GET /api/vendors/10/': [
        200,
        { id: 10, name: 'Medicare DME', phone: '866-270-0000', ...noClaimFields, prior_auth_hcpcs: ['K0856', 'E0193'] },
      ],
      'GET /api/vendors/10/price_list/': [200, []],
    });
    renderRoutes(routes, { path: '/vendor/10', session: adminSession });
    const codes = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Prior authorization HCPCS codes' });
    await waitFor(() => expect(codes.value).toBe('K0856, E0193'));
  });
});
