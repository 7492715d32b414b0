import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLAIM_MESSAGES } from '@dme/shared';
import { Providers, testQueryClient } from '@/test/render.tsx';
import { mockApi } from '@/test/mock-api.ts';
import { fill } from '@/test/fill.ts';
import { GLOVES, GLOVES_VARIANTS, makeLine, RECURRENCES } from '../test-data.ts';
import { ProductLineDialog } from './ProductLineDialog.tsx';
import { adjustedPriceText } from './product-line-form.ts';

const api = {
  'GET /api/products/': [
    200,
    {
      results: [{ ...GLOVES, quantity: 5, type: { id: 1, name: 'Supply' }, qty_unit_measures: [], cost_price: 8 }],
      count: 1,
      page_size: 100,
      current: 1,
    },
  ],
  [`GET /api/variants/${GLOVES.id}/`]: [200, GLOVES_VARIANTS],
} as const;

function renderDialog(line = null as ReturnType<typeof makeLine> | null, onClose = vi.fn()) {
  const view = render(
    <Providers client={testQueryClient()}>
      <ProductLineDialog orderId={1} line={line} recurrences={RECURRENCES} onClose={onClose} />
    </Providers>,
  );
  return { ...view, onClose };
}

const dateInput = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ProductLineDialog', () => {
  it('keeps the dates disabled until a recurrence is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(api);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await waitFor(() => expect(dateInput('service_date')).toBeTruthy());
    expect(dateInput('service_date').disabled).toBe(true);
    expect(dateInput('end_date').disabled).toBe(true);
    expect(within(dialog).getAllByText('Choose a recurrence first')).toHaveLength(2);
    expect(saveButton().disabled).toBe(true);
    await choose(user, 'Recurrence', 'Monthly');
    expect(dateInput('service_date').disabled).toBe(false);
    expect(dateInput('end_date').disabled).toBe(false);
  });

  it('fills price and unit from the variant and adds the line once it is valid', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ ...api, 'POST /api/orders/1/products/': [201, makeLine()] });
    const { onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Product/ }));
    await user.click(await screen.findByRole('option', { name: /Nitrile Gloves/ }));
    await choose(user, 'Price Variant', /Medicare/);
    expect((within(dialog).getByRole('textbox', { name: /^Sale Price/ }) as HTMLInputElement).value).toBe('10.00');
    expect(within(dialog).getByRole('combobox', { name: 'Unit of Measure' }).textContent).toBe('Case');
    await choose(user, 'Recurrence', 'Monthly');
    fireEvent.change(dateInput('service_date'), { target: { value: '01/05/2026' } });
    fireEvent.change(dateInput('end_date'), { target: { value: '04/05/2026' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());

    await screen.findByText('The product has been added!');
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      product_id: GLOVES.id,
      variant: 72,
      recurrence_id: 1,
      service_date: '2026-01-05',
      end_date: '2026-04-05',
      quantity: 1,
      sale_price: '10.00',
      percentage: null,
      unit_measure: 'Case',
    });
  });

  it('shows the adjusted price (3 decimals) once a percentage is added, and requires it', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(api);
    renderDialog(makeLine({ sale_price: 10 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const adjusted = within(dialog).getByRole('textbox', { name: 'Adjusted Price' }) as HTMLInputElement;
    expect(adjusted.readOnly).toBe(true);
    expect(adjusted.value).toBe('');
    const percentage = within(dialog).getByRole('textbox', { name: /^Percentage/ }) as HTMLInputElement;
    expect(percentage.disabled).toBe(true);

    await user.click(within(dialog).getByRole('switch', { name: 'Add percentage' }));
    expect(percentage.disabled).toBe(false);
    await waitFor(() => expect(within(dialog).getByText('Percentage is required')).toBeTruthy());
    await fill(user, percentage, '12.345');
    await waitFor(() => expect(adjusted.value).toBe('11.235'));
    expect(adjustedPriceText('19.99', '7.5', true)).toBe('21.489');
    expect(adjustedPriceText('19.99', '7.5', false)).toBe('');
  });

  it('keeps a 3-decimal percentage: shows 1405.155 for 1,250.75 at 12.345 % and sends "12.345"', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ ...api, 'PATCH /api/orders/1/products/5/': [200, makeLine({ id: 5 })] });
    const { onClose } = renderDialog(makeLine({ id: 5, sale_price: 1250.75 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(within(dialog).getByRole('switch', { name: 'Add percentage' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /^Percentage/ }), '12.345');
    const adjusted = within(dialog).getByRole('textbox', { name: 'Adjusted Price' }) as HTMLInputElement;
    // Not 1405.218, the price of 12.35 %.
    await waitFor(() => expect(adjusted.value).toBe('1405.155'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      sale_price: '1250.75',
      added_percentage: true,
      percentage: '12.345',
    });
    expect(adjustedPriceText('1,250.75', '12.3454', true)).toBe('1405.155');
  });

  it('shows a saved 3-decimal percentage as it was stored, and the switches as switches', async () => {
    mockApi(api);
    renderDialog(makeLine({ sale_price: 1250.75, added_percentage: true, percentage: 12.345, tax_applied: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect((within(dialog).getByRole('textbox', { name: /^Percentage/ }) as HTMLInputElement).value).toBe('12.345');
    expect((within(dialog).getByRole('textbox', { name: 'Adjusted Price' }) as HTMLInputElement).value).toBe(
      '1405.155',
    );
    for (const [name, on] of [
      ['Add percentage', true],
      ['Tax applied', true],
      ['Nutritional', false],
      ['Locked price', false],
    ] as const)
      expect((within(dialog).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(on);
  });

  it('shows the date rule as an error toast', async () => {
    mockApi(api);
    renderDialog(makeLine({ recurrence_id: 3, recurrence: { id: 3, name: 'Every 15 Days' } }));
    await screen.findByRole('dialog', { name: 'Edit Product' });
    await waitFor(() => expect(dateInput('end_date')).toBeTruthy());
    fireEvent.change(dateInput('end_date'), { target: { value: '01/15/2026' } });
    const toast = async (text: string) =>
      waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent === text)).toBe(true));
    await toast('The end date must be at least 15 days after the service date');
    fireEvent.change(dateInput('end_date'), { target: { value: '01/05/2026' } });
    await toast('The service date cannot be equal to or after the end date');
    expect(saveButton().disabled).toBe(true);
  });

  it("overrides the product's modifiers, whose defaults it shows, and checks them as typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      ...api,
      [`GET /api/products/${GLOVES.id}/`]: [200, { ...GLOVES, hcpcs_code: 'A4927', modifiers: ['NU'] }],
      'PATCH /api/orders/1/products/6/': [200, makeLine({ id: 6 })],
    });
    const line = { ...makeLine({ id: 6 }), modifiers: null };
    const { onClose } = renderDialog(line);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const modifiers = within(dialog).getByRole('textbox', { name: 'Modifiers' }) as HTMLInputElement;
    expect(modifiers.value).toBe('');
    await within(dialog).findByText("Empty: the product's NU");
    expect(modifiers.placeholder).toBe('NU');
    await fill(user, modifiers, 'rrr');
    await within(dialog).findByText(CLAIM_MESSAGES.modifiersInvalid);
    expect(saveButton().disabled).toBe(true);
    await user.clear(modifiers);
    await fill(user, modifiers, 'rr, kx');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ modifiers: ['RR', 'KX'] });
  });

  it('an emptied override goes back to the product defaults (null)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      ...api,
      [`GET /api/products/${GLOVES.id}/`]: [200, { ...GLOVES, modifiers: [] }],
      'PATCH /api/orders/1/products/7/': [200, makeLine({ id: 7 })],
    });
    const line = { ...makeLine({ id: 7 }), modifiers: ['GY'] };
    const { onClose } = renderDialog(line);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const modifiers = within(dialog).getByRole('textbox', { name: 'Modifiers' }) as HTMLInputElement;
    expect(modifiers.value).toBe('GY');
    await user.clear(modifiers);
    await within(dialog).findByText('Empty: none (the product has no modifiers)');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ modifiers: null });
  });

  it("bills a new line by the product's category unless the clerk chooses (rental null)", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      ...api,
      [`GET /api/products/${GLOVES.id}/`]: [
        200,
        { ...GLOVES, modifiers: [], payment_category: 'SU', payment_category_words: 'Supplies' },
      ],
      'POST /api/orders/1/products/': [201, makeLine()],
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    const billing = within(dialog).getByRole('combobox', { name: 'Rental or purchase' });
    expect(billing.textContent).toBe("From the product's category");
    expect(within(dialog).queryByRole('textbox', { name: /^Starting rental month/ })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /^Product/ }));
    await user.click(await screen.findByRole('option', { name: /Nitrile Gloves/ }));
    await within(dialog).findByText("The product's category: Supplies (SU)");
    await choose(user, 'Price Variant', /Medicare/);
    await choose(user, 'Recurrence', 'Monthly');
    fireEvent.change(dateInput('service_date'), { target: { value: '01/05/2026' } });
    fireEvent.change(dateInput('end_date'), { target: { value: '04/05/2026' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await screen.findByText('The product has been added!');
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body.rental).toBeNull();
    expect(body).not.toHaveProperty('rental_start_month');
  });

  it('makes a line a rental from a later month for a transferred patient, and checks the month', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ ...api, 'PATCH /api/orders/1/products/8/': [200, makeLine({ id: 8 })] });
    const { onClose } = renderDialog(makeLine({ id: 8 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('combobox', { name: 'Rental or purchase' }).textContent).toBe('Purchase');
    await choose(user, 'Rental or purchase', 'Rental (monthly)');
    const month = (await within(dialog).findByRole('textbox', { name: /^Starting rental month/ })) as HTMLInputElement;
    expect(month.value).toBe('1');
    expect(within(dialog).getByText('For a patient transferred from another supplier')).toBeTruthy();
    await user.clear(month);
    await fill(user, month, '0');
    await within(dialog).findByText('Enter a month from 1 to 99');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    await user.clear(month);
    await fill(user, month, '12');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ rental: true, rental_start_month: 12 });
  });

  it('shows a rental line as a rental with its starting month, and can make it a purchase', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ ...api, 'PATCH /api/orders/1/products/9/': [200, makeLine({ id: 9 })] });
    const { onClose } = renderDialog(makeLine({ id: 9, rental: true, rental_start_month: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('combobox', { name: 'Rental or purchase' }).textContent).toBe('Rental (monthly)');
    expect((within(dialog).getByRole('textbox', { name: /^Starting rental month/ }) as HTMLInputElement).value).toBe(
      '5',
    );
    await choose(user, 'Rental or purchase', 'Purchase');
    expect(within(dialog).queryByRole('textbox', { name: /^Starting rental month/ })).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ rental: false });
  });
});
