import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { productTestRoutes as routes } from './test-routes.tsx';
import { fill, waitForEnabled } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { CATEGORIES, makeProduct, PRODUCT_TYPES } from './test-data.ts';

const lookups = {
  'GET /api/product_types/': [200, PRODUCT_TYPES],
  'GET /api/categories/': (call: MockCall) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []] as const,
} as const;

function submit() {
  return screen.getByRole('button', { name: 'Create Product' }) as HTMLButtonElement;
}

async function choose(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function addVariant(user: UserEvent, values: { variant: string; unit: string; sale: string; cost: string }) {
  await user.click(screen.getByRole('button', { name: 'Add Price Variant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Price Variant' });
  await user.click(within(dialog).getByRole('combobox', { name: /Price Variant/ }));
  await user.click(await screen.findByRole('option', { name: values.variant }));
  await user.click(within(dialog).getByRole('combobox', { name: /Unit Measure/ }));
  await user.click(await screen.findByRole('option', { name: values.unit }));
  await fill(user, within(dialog).getByRole('textbox', { name: /Sale Price/ }), values.sale);
  await fill(user, within(dialog).getByRole('textbox', { name: /Cost Price/ }), values.cost);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Price Variant' })).toBeNull());
}

/** The multipart body the screen sent with its last call of `method`. */
function sentForm(fetchMock: ReturnType<typeof mockApi>['fetchMock'], method: string): FormData {
  const call = fetchMock.mock.calls.filter(([, init]) => init?.method === method).at(-1);
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`no multipart ${method} was sent`);
  return body;
}

describe('Create Product', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('keeps Create Product disabled until valid and changed and shows the spec messages', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(lookups);
    renderRoutes(routes, { path: '/products/create', session: adminSession });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText('Must be have a price variant the at least')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    await user.click(name);
    await user.click(screen.getByRole('textbox', { name: 'Reference Number' }));
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    await screen.findByText('Name is required');
    expect(screen.getByText('Internal code is required')).toBeTruthy();

    await fill(user, name, 'CPAP Mask');
    await fill(user, screen.getByRole('textbox', { name: 'Reference Number' }), 'MSK-1');
    await fill(user, screen.getByRole('textbox', { name: 'Quantity on Hand' }), '.5');
    await fill(user, screen.getByRole('textbox', { name: 'Cost Price' }), 'abc');
    await user.tab();
    await screen.findByText('The quantity must be integer');
    await screen.findByText('Cost price must be a number');
    // No type and no price variant yet.
    expect(submit().disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.keyboard('{Escape}');
    await user.tab();
    await screen.findByText('Type is required');
  });

  it('posts the product as multipart with categories, variants and photo, then opens the edit screen', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeProduct({ name: 'CPAP Mask', internal_code: 'MSK-1' });
    const { fetchMock } = mockApi({
      ...lookups,
      'POST /api/products/': [201, created],
      [`GET /api/products/${created.id}/`]: [200, created],
    });
    const { router } = renderRoutes(routes, { path: '/products/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'CPAP Mask');
    await fill(user, screen.getByRole('textbox', { name: 'Reference Number' }), 'MSK-1');
    await choose(user, /^Type/, 'Supply');
    await fill(user, screen.getByRole('textbox', { name: 'Quantity on Hand' }), '2');
    await fill(user, screen.getByRole('textbox', { name: 'Cost Price' }), '1,250.5');
    await choose(user, 'Product Group', 'Respiratory');
    await choose(user, 'Product Category', 'CPAP Supplies');
    await choose(user, 'Product Subcategory', 'Masks');
    await addVariant(user, { variant: 'Medicare', unit: 'Box', sale: '2,345.678', cost: '10' });
    const table = screen.getByRole('table', { name: 'Price Variants' });
    const row = within(table).getByRole('row', { name: /Medicare/ });
    expect(row.textContent).toContain('2,345.68');
    expect(row.textContent).toContain('10.00');

    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'mask.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo'), photo);
    await screen.findByRole('img', { name: 'Product photo' });

    await waitForEnabled(submit());
    await user.click(submit());
    await screen.findByText('The product has been created!');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${created.id}`));
    expect(screen.queryByRole('dialog', { name: 'Are you sure you want to leave?' })).toBeNull();

    const form = sentForm(fetchMock, 'POST');
    expect(form.get('name')).toBe('CPAP Mask');
    expect(form.get('internal_code')).toBe('MSK-1');
    expect(form.get('type_id')).toBe('1');
    expect(form.get('quantity')).toBe('2');
    expect(form.get('cost_price')).toBe('1250.50');
    expect(form.getAll('categories')).toEqual(['1', '10', '100']);
    expect(JSON.parse(String(form.get('variants')))).toEqual([
      {
        id: null,
        price_variant: 'Medicare',
        unit_measure: 'Box',
        sale_price: 2345.68,
        cost_price: 10,
        description: '',
      },
    ]);
    expect((form.get('photo') as File).name).toBe('mask.png');
    // Issue 34: no face-to-face encounter unless checked, sent as the multipart form's text.
    expect(form.get('face_to_face')).toBe('false');
  });

  it('refuses a photo that is not an image', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    mockApi(lookups);
    renderRoutes(routes, { path: '/products/create', session: adminSession });
    await screen.findByRole('textbox', { name: 'Name' });
    await user.upload(screen.getByLabelText('Photo'), new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('The photo must be an image');
    expect(screen.queryByRole('img', { name: 'Product photo' })).toBeNull();
  });

  it('shows "The request could not be processed!" and the field errors of a 422', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      ...lookups,
      'POST /api/products/': [422, { internal_code: ['A product with this reference number already exists.'] }],
    });
    renderRoutes(routes, { path: '/products/create', session: adminSession });
    await fill(user, await screen.findByRole('textbox', { name: 'Name' }), 'Lancets');
    await fill(user, screen.getByRole('textbox', { name: 'Reference Number' }), 'LAN-1');
    await choose(user, /^Type/, 'Supply');
    await addVariant(user, { variant: 'General', unit: 'Each', sale: '5', cost: '2' });
    await waitForEnabled(submit());
    await user.click(submit());
    await screen.findByText('The request could not be processed!');
    await screen.findByText('A product with this reference number already exists.');
    expect(screen.getByRole('textbox', { name: 'Reference Number' }).getAttribute('aria-invalid')).toBe('true');
  });
});
