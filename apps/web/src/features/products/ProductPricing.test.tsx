import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { press } from '@/test/fill.ts';
import { mockApi, type MockCall } from '@/test/mock-api.ts';
import type { Product } from '@dme/shared';
import { adminSession, renderRoutes } from '@/test/render.tsx';
import { CATEGORIES, makeProduct, PRODUCT_TYPES } from './test-data.ts';
import { productTestRoutes as routes } from './test-routes.tsx';

const cpap: Product = {
  ...makeProduct({ name: 'CPAP Machine', internal_code: 'CPAP-1' }),
  hcpcs_code: 'E0601',
  modifiers: [],
  hcpcs_description: 'Continuous positive airway pressure (cpap) device',
  payment_category: 'CR',
  payment_category_source: 'fee_schedule',
  payment_category_words: 'Capped rental',
  medicare_fee: 49.37,
};

function api(product: Product, extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/product_types/': [200, PRODUCT_TYPES],
    'GET /api/categories/': (call: MockCall) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []] as const,
    [`GET /api/products/${product.id}/`]: [200, product],
    'GET /api/hcpcs/E0601/': [
      200,
      { code: 'E0601', long_description: cpap.hcpcs_description, short_description: 'Cont airway pressure device' },
    ],
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

describe('Product payment category and Medicare fee', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows the category from the fee schedule and the fee, and sets a category by hand', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = api(cpap, {
      [`PATCH /api/products/${cpap.id}/`]: [
        200,
        {
          ...cpap,
          payment_category: 'IN',
          payment_category_source: 'product',
          payment_category_words: 'Inexpensive or routinely purchased',
          medicare_fee: null,
        },
      ],
    });
    renderRoutes(routes, { path: `/products/${cpap.id}`, session: adminSession });
    const pricing = await screen.findByRole('group', { name: 'Medicare pricing' });
    expect(pricing.textContent).toContain('CR — Capped rental (from the fee schedule)');
    expect(pricing.textContent).toContain('$49.37 (office state, non-rural)');
    await screen.findByText('E0601 — Continuous positive airway pressure (cpap) device');
    const select = screen.getByRole('combobox', { name: 'Payment category' });
    expect(select.textContent).toBe('From the fee schedule');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'IN — Inexpensive or routinely purchased' }));
    await press(user, save());
    await screen.findByText('The product has been updated!');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as FormData;
    expect(patch.get('payment_category')).toBe('IN');
    expect(
      within(screen.getByRole('group', { name: 'Medicare pricing' })).getByText(/None in the office state/),
    ).toBeTruthy();
  });

  it('a category set on the product is chosen in the select, and "From the fee schedule" clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const own: Product = {
      ...cpap,
      payment_category: 'OX',
      payment_category_source: 'product',
      payment_category_words: 'Oxygen and oxygen equipment',
    };
    const { fetchMock } = api(own, { [`PATCH /api/products/${cpap.id}/`]: [200, cpap] });
    renderRoutes(routes, { path: `/products/${cpap.id}`, session: adminSession });
    const select = await screen.findByRole('combobox', { name: 'Payment category' });
    expect(select.textContent).toBe('OX — Oxygen and oxygen equipment');
    expect(screen.getByRole('group', { name: 'Medicare pricing' }).textContent).toContain('(set on the product)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'From the fee schedule' }));
    await press(user, save());
    await screen.findByText('The product has been updated!');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body as FormData;
    expect(patch.get('payment_category')).toBe('');
  });
});
