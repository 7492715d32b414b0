import { expect, signIn, test, uniqueName } from './support/fixtures.ts';
import { api } from './support/api.ts';

test('a CPAP rented 15 months: the months and modifiers on the order, no charge after 13, and the Rentals tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const lastName = uniqueName('Renter');
  const { data: patient } = await api<{ data: { id: number } }>(page, 'POST', '/patients/', {
    first_name: 'Rosa',
    last_name: lastName,
    state_id: 16,
  });
  const product = await api<{ id: number; variants: { id: number }[] }>(page, 'POST', '/products/', {
    name: `CPAP ${lastName}`,
    internal_code: `CPAP-${lastName}`,
    type_id: 1,
    variants: [
      { price_variant: 'General', sale_price: '80.00', cost_price: '40.00', unit_measure: 'Each', description: '' },
    ],
  });
  await api(page, 'PATCH', `/products/${product.id}/`, { hcpcs_code: 'E0601', modifiers: [] });
  const order = await api<{ id: number }>(page, 'POST', '/orders/', {
    patient_id: patient.id,
    delivery_id: 1,
    name: `CPAP rental ${lastName}`,
  });
  await api(page, 'POST', `/orders/${order.id}/products/`, {
    product_id: product.id,
    variant: product.variants[0]!.id,
    recurrence_id: 1,
    quantity: 1,
    sale_price: '80.00',
    percentage: null,
    added_percentage: false,
    service_date: '2027-01-05',
    end_date: '2028-03-05',
    tax_applied: false,
    nutritional: false,
    rental: true,
  });

  await page.goto(`/orders/${order.id}/edit`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Services', exact: true }).click();
  const services = page.getByRole('table', { name: 'Services' });
  await expect(services.getByText('RR KH')).toHaveCount(1);
  await expect(services.getByText('RR KI')).toHaveCount(2);
  await expect(services.getByText('RR KJ')).toHaveCount(10);
  await expect(services.getByText('Month 12 of 13: ownership transfers on 02/05/2028')).toBeVisible();
  await expect(services.getByText('Owned by the patient since 02/05/2028')).toHaveCount(2);
  await expect(services.getByText('Not billed')).toHaveCount(2);

  await page.goto(`/patients/${patient.id}`);
  await page.getByRole('tab', { name: 'Rentals' }).click();
  const rentals = page.getByRole('table', { name: /Rentals|Rented items/ });
  await expect(rentals.getByRole('row').filter({ hasText: 'E0601' })).toHaveCount(1);
});
