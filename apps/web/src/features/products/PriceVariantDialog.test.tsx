import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRICE_VARIANT_OPTIONS, RANGE_MESSAGES, UNIT_MEASURES } from '@dme/shared';
import { fill, press } from '@/test/fill.ts';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { PriceVariantDialog } from './PriceVariantDialog.tsx';
import type { VariantRow } from './product-form.ts';

function renderDialog(variant: VariantRow | null) {
  const onSave = vi.fn<(row: VariantRow) => void>();
  render(
    <Providers client={testQueryClient()}>
      <PriceVariantDialog open variant={variant} onSave={onSave} onClose={() => {}} />
    </Providers>,
  );
  return onSave;
}

describe('PriceVariantDialog', () => {
  it('shows the four spec messages and offers the spec options', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = renderDialog(null);
    const dialog = screen.getByRole('dialog', { name: 'Add Price Variant' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('Price variant is required');
    expect(within(dialog).getByText('Unit measure is required')).toBeTruthy();
    expect(within(dialog).getByText('Sale price is required')).toBeTruthy();
    expect(within(dialog).getByText('Cost price is required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('combobox', { name: /Price Variant/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([...PRICE_VARIANT_OPTIONS]);
    await user.click(screen.getByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Unit Measure/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([...UNIT_MEASURES]);
    await user.click(screen.getByRole('option', { name: 'Pack' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Sale Price/ }), '1,2');
    await fill(user, within(dialog).getByRole('textbox', { name: /Cost Price/ }), '$ 3.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('Sale price must be a number');

    await user.clear(within(dialog).getByRole('textbox', { name: /Sale Price/ }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Sale Price/ }), '1,200');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({
      id: null,
      price_variant: 'Cash',
      unit_measure: 'Pack',
      sale_price: '1200.00',
      cost_price: '3.50',
      description: '',
    });
  });

  it('refuses a price past the range with its message, under the field, and takes the largest', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = renderDialog({
      id: 7,
      price_variant: 'Iowa',
      unit_measure: 'Case',
      sale_price: '1234.50',
      cost_price: '99.00',
      description: '',
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Price Variant' });
    const sale = within(dialog).getByRole('textbox', { name: /Sale Price/ });
    await user.clear(sale);
    await fill(user, sale, '1,000,000');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(RANGE_MESSAGES.price);
    expect(RANGE_MESSAGES.price).toBe('Ensure this value is less than or equal to 999999.99.');
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(sale);
    await fill(user, sale, '999,999.99');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ sale_price: '999999.99' });
  });

  it('edits a row with its prices shown en-US and keeps its id', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = renderDialog({
      id: 7,
      price_variant: 'Iowa',
      unit_measure: 'Case',
      sale_price: '1234.50',
      cost_price: '99.00',
      description: 'Per case',
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Price Variant' });
    const sale = within(dialog).getByRole('textbox', { name: /Sale Price/ }) as HTMLInputElement;
    expect(sale.value).toBe('1,234.50');
    await user.clear(sale);
    await fill(user, sale, '1300');
    await press(user, within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      id: 7,
      price_variant: 'Iowa',
      unit_measure: 'Case',
      sale_price: '1300.00',
      cost_price: '99.00',
    });
  });
});
