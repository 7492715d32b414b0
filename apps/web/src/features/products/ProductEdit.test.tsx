import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill, press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { CATEGORIES, makeProduct, PRODUCT_TYPES } from './test-data.ts';
import { productTestRoutes as routes } from './test-routes.tsx';

const lookups = {
  'GET /api/product_types/': [200, PRODUCT_TYPES],
  'GET /api/categories/': (call: MockCall) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []] as const,
} as const;

const mask = makeProduct({
  name: 'CPAP Mask',
  internal_code: 'MSK-1',
  quantity: 14,
  cost_price: 1250.5,
  photo: '/api/products/900/photo/',
  categories: [1, 10, 100],
  // Any order: the form finds each level by its parent.
  categories_list: [
    { id: 100, name: 'Masks', parent_id: 10, level: 3 },
    { id: 1, name: 'Respiratory', parent_id: null, level: 1 },
    { id: 10, name: 'CPAP Supplies', parent_id: 1, level: 2 },
  ],
  variants: [
    {
      id: 31,
      price_variant: 'General',
      unit_measure: 'Each',
      sale_price: 1234.5,
      cost_price: 800,
      description: 'Retail',
    },
    { id: 32, price_variant: 'Medicare', unit_measure: 'Box', sale_price: 99, cost_price: 50, description: '' },
  ],
  qty_unit_measures: [{ unit_measure: 'Box', quantity: 3, active: true }],
});
const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

describe('Edit Product', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:stored-photo'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('loads the product with its photo (with the token), variants and categories; saves changes as multipart', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, fetchMock } = mockApi({
      ...lookups,
      [`GET /api/products/${mask.id}/`]: [200, mask],
      'GET /api/products/900/photo/': [200, 'png-bytes'],
      [`PATCH /api/products/${mask.id}/`]: [200, { ...mask, name: 'CPAP Mask Large', variants: [mask.variants[0]] }],
    });
    renderRoutes(routes, { path: `/products/${mask.id}`, session: adminSession });
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.value).toBe('CPAP Mask');
    expect((screen.getByRole('textbox', { name: 'Cost Price' }) as HTMLInputElement).value).toBe('1,250.50');
    const stock = screen.getByRole('textbox', { name: 'Quantity on Hand' }) as HTMLInputElement;
    expect(stock.value).toBe('14');
    expect(stock.readOnly).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product Subcategory' }).textContent).toBe('Masks'),
    );
    expect(screen.getByRole('combobox', { name: 'Product Group' }).textContent).toBe('Respiratory');

    const photo = await screen.findByRole('img', { name: 'Product photo' });
    expect(photo.getAttribute('src')).toBe('blob:stored-photo');
    const photoCall = calls.find((c) => c.path === '/api/products/900/photo/');
    expect(photoCall?.headers.get('Authorization')).toBe(`JWT ${adminSession.token}`);

    const table = screen.getByRole('table', { name: 'Price Variants' });
    expect(within(table).getByRole('row', { name: /General/ }).textContent).toContain('1,234.50');
    expect(save().disabled).toBe(true);

    await user.clear(name);
    await fill(user, name, 'CPAP Mask Large');
    await user.click(within(table).getByRole('button', { name: 'Remove Medicare Box' }));
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    await screen.findByText('The product has been updated!');
    await waitFor(() => expect(save().disabled).toBe(true));

    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as FormData;
    expect(patch.get('name')).toBe('CPAP Mask Large');
    expect(patch.has('quantity')).toBe(false);
    expect(patch.has('photo')).toBe(false);
    expect(patch.getAll('categories')).toEqual(['1', '10', '100']);
    expect(JSON.parse(String(patch.get('variants')))).toEqual([
      {
        id: 31,
        price_variant: 'General',
        unit_measure: 'Each',
        sale_price: 1234.5,
        cost_price: 800,
        description: 'Retail',
      },
    ]);
  });

  it('sets a unit quantity through the unit-measure dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let posted: MockCall | undefined;
    mockApi({
      ...lookups,
      [`GET /api/products/${mask.id}/`]: [200, mask],
      'GET /api/products/900/photo/': [200, 'png-bytes'],
      'POST /api/products/update_qty_of_hand/': (call) => {
        posted = call;
        return [
          201,
          {
            ...mask,
            qty_unit_measures: [...mask.qty_unit_measures, { unit_measure: 'Each', quantity: 8, active: true }],
          },
        ];
      },
    });
    renderRoutes(routes, { path: `/products/${mask.id}`, session: adminSession });
    await screen.findByText('Box 3');
    await user.click(screen.getByRole('button', { name: 'Unit Measures' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unit Measures' });
    const submit = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Unit Measure/ }));
    await user.click(await screen.findByRole('option', { name: 'Each' }));
    const quantity = within(dialog).getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await fill(user, quantity, '8');
    await press(user, submit);
    await screen.findByText('Updated successfully!');
    expect(posted?.body).toEqual({ product_id: mask.id, unit_measure: 'Each', quantity: 8, active: true });
    await screen.findByText('Each 8 · Box 3');
    // The product form itself is untouched.
    expect(save().disabled).toBe(true);
  });

  it('shows and changes whether the product needs a face-to-face encounter, sent as "true"/"false"', async () => {
    const user = userEvent.setup({ delay: null });
    const chair = makeProduct({ name: 'Power wheelchair', internal_code: 'PWC-1', face_to_face: true });
    const { fetchMock } = mockApi({
      ...lookups,
      [`GET /api/products/${chair.id}/`]: [200, chair],
      [`PATCH /api/products/${chair.id}/`]: [200, { ...chair, face_to_face: false }],
    });
    renderRoutes(routes, { path: `/products/${chair.id}`, session: adminSession });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Needs a face-to-face encounter' });
    expect(box.checked).toBe(true);
    expect(screen.getByText(/^Within the 6 months before the order/)).toBeTruthy();
    await user.click(box);
    await press(user, save());
    await screen.findByText('The product has been updated!');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as FormData;
    expect(patch.get('face_to_face')).toBe('false');
  });

  it('goes to /404 when the product does not exist', async () => {
    mockApi({ ...lookups, 'GET /api/products/999999/': [404, { detail: 'Not found.' }] });
    const { router } = renderRoutes(routes, { path: '/products/999999', session: adminSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
