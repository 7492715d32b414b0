import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockApi } from '@/test/mock-api.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { CategorySelects } from './CategorySelects.tsx';
import { CATEGORIES } from './test-data.ts';

function Cascade({ initial = [] }: { initial?: number[] }) {
  const [chain, setChain] = useState(initial);
  return (
    <>
      <CategorySelects value={chain} onChange={setChain} />
      <output aria-label="chain">{chain.join(',')}</output>
    </>
  );
}

const select = (name: string) => screen.getByRole('combobox', { name });
const disabled = (name: string) => select(name).getAttribute('aria-disabled') === 'true';
const chain = () => screen.getByRole('status', { name: 'chain' }).textContent;

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('CategorySelects', () => {
  it('loads each level once the level above is chosen and clears the lower levels on a change', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/categories/': (call) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []],
    });
    render(
      <Providers client={testQueryClient()}>
        <Cascade />
      </Providers>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].query.has('parent_id')).toBe(false);
    expect(disabled('Product Group')).toBe(false);
    expect(disabled('Product Category')).toBe(true);
    expect(disabled('Product Subcategory')).toBe(true);

    await choose(user, 'Product Group', 'Respiratory');
    await waitFor(() => expect(disabled('Product Category')).toBe(false));
    expect(calls.at(-1)?.query.get('parent_id')).toBe('1');
    expect(disabled('Product Subcategory')).toBe(true);
    await choose(user, 'Product Category', 'CPAP Supplies');
    await choose(user, 'Product Subcategory', 'Masks');
    expect(chain()).toBe('1,10,100');
    expect(select('Product Subcategory').textContent).toBe('Masks');

    await choose(user, 'Product Group', 'Diabetic');
    expect(chain()).toBe('2');
    expect(select('Product Category').textContent).not.toContain('CPAP Supplies');
    expect(disabled('Product Subcategory')).toBe(true);
    await waitFor(() => expect(calls.at(-1)?.query.get('parent_id')).toBe('2'));

    await choose(user, 'Product Category', 'Testing');
    expect(chain()).toBe('2,20');
    // "None" on a level drops it and everything below.
    await choose(user, 'Product Group', 'None');
    expect(chain()).toBe('');
    expect(disabled('Product Category')).toBe(true);
  });

  it('shows a stored chain once each level has loaded', async () => {
    mockApi({ 'GET /api/categories/': (call) => [200, CATEGORIES[call.query.get('parent_id') ?? 'top'] ?? []] });
    render(
      <Providers client={testQueryClient()}>
        <Cascade initial={[2, 20, 200]} />
      </Providers>,
    );
    await waitFor(() => expect(select('Product Subcategory').textContent).toBe('Test Strips'));
    expect(select('Product Group').textContent).toBe('Diabetic');
    expect(select('Product Category').textContent).toBe('Testing');
  });
});
