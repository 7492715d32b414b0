import type { Page } from '@playwright/test';
import { expect, signIn, test, uniqueName } from './support/fixtures.ts';

// A real 1x1 PNG: the server judges photos by their bytes and the browser has to draw it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addVariant(
  page: Page,
  v: { variant: string; unit: string; sale: string; cost: string; description?: string },
) {
  await page.getByRole('button', { name: 'Add Price Variant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Price Variant' });
  await dialog.getByRole('combobox', { name: /Price Variant/ }).click();
  await page.getByRole('option', { name: v.variant, exact: true }).click();
  await dialog.getByRole('combobox', { name: /Unit Measure/ }).click();
  await page.getByRole('option', { name: v.unit, exact: true }).click();
  await dialog.getByLabel(/^Sale Price/).fill(v.sale);
  await dialog.getByLabel(/^Cost Price/).fill(v.cost);
  if (v.description) await dialog.getByLabel('Description').fill(v.description);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
}

test('create, edit, stock, inventory report and delete of a product', async ({ page }) => {
  const name = uniqueName('Mask ');
  const code = uniqueName('MSK-');
  await signIn(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Products');

  // Create.
  await page.getByRole('link', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  const create = page.getByRole('button', { name: 'Create Product' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Must be have a price variant the at least')).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Reference Number/).fill(code);
  await choose(page, /^Type/, 'Supply');
  await page.getByLabel('Description').first().fill('Full face mask, medium');
  await expect(page.getByRole('combobox', { name: 'Product Category' })).toHaveAttribute('aria-disabled', 'true');
  await choose(page, 'Product Group', 'Respiratory');
  await choose(page, 'Product Category', 'CPAP Supplies');
  await choose(page, 'Product Subcategory', 'Masks');
  await page.getByLabel('Quantity on Hand').fill('5');
  await page.getByLabel('Cost Price').fill('1,250.5');
  await expect(create).toBeDisabled();
  await addVariant(page, { variant: 'General', unit: 'Each', sale: '1,234.5', cost: '800', description: 'Retail' });
  await addVariant(page, { variant: 'Medicare', unit: 'Box', sale: '99', cost: '50' });
  const variants = page.getByRole('table', { name: 'Price Variants' });
  await expect(variants.getByRole('row', { name: /General/ })).toContainText('1,234.50');
  await page.getByLabel('Photo').setInputFiles({ name: 'mask.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Product photo' })).toBeVisible();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('The product has been created!')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const productUrl = page.url();

  // Edit: the stored photo arrives through the authorised blob call.
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Edit Product');
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);
  await expect(page.getByLabel('Quantity on Hand')).toHaveValue('5');
  await expect(page.getByLabel('Quantity on Hand')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('combobox', { name: 'Product Subcategory' })).toHaveText('Masks');
  const photo = page.getByRole('img', { name: 'Product photo' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await page.getByLabel(/^Name/).fill(`${name} Large`);
  await variants.getByRole('button', { name: 'Edit Medicare Box' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Price Variant' });
  await expect(editDialog.getByLabel(/^Sale Price/)).toHaveValue('99.00');
  await editDialog.getByLabel(/^Sale Price/).fill('1,100');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(variants.getByRole('row', { name: /Medicare/ })).toContainText('1,100.00');
  await save.click();
  await expect(page.getByText('The product has been updated!')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel(/^Name/)).toHaveValue(`${name} Large`);
  await expect(variants.getByRole('row', { name: /Medicare/ })).toContainText('1,100.00');

  // Unit measures: Each becomes active with 8.
  await page.getByRole('button', { name: 'Unit Measures' }).click();
  const units = page.getByRole('dialog', { name: 'Unit Measures' });
  await units.getByRole('combobox', { name: /Unit Measure/ }).click();
  await page.getByRole('option', { name: 'Each', exact: true }).click();
  await units.getByLabel(/^Quantity/).fill('8');
  await units.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(page.getByLabel('Active unit measures')).toHaveText('Each 8');

  // Inventory: unit cells only for active units; the quantity on hand is saved in the row.
  await menu.getByRole('link', { name: 'Products Inventory' }).click();
  await expect(page).toHaveURL(/\/products_inventory$/);
  await page.getByLabel('Search').fill(code);
  const inventory = page.getByRole('table', { name: 'Products Inventory' });
  await expect(inventory.getByRole('row')).toHaveCount(2);
  const row = inventory.getByRole('row', { name: new RegExp(code) });
  const cells = row.getByRole('cell');
  // Reference Number, Add, Name, Each, Bag, Case, Pack, Hours, Box, Quantity on Hand.
  await expect(cells.nth(3)).toHaveText('8');
  await expect(cells.nth(4)).toHaveText('');
  await expect(cells.nth(8)).toHaveText('');
  await row.getByRole('button', { name: /^Add unit measure/ }).click();
  await units.getByRole('combobox', { name: /Unit Measure/ }).click();
  await page.getByRole('option', { name: 'Box', exact: true }).click();
  await units.getByLabel(/^Quantity/).fill('2');
  await units.getByRole('button', { name: 'Save' }).click();
  await expect(cells.nth(8)).toHaveText('2');

  const onHand = row.getByLabel(/^Quantity on Hand of/);
  await expect(onHand).toHaveValue('5');
  await onHand.fill('25');
  await row.getByRole('button', { name: /^Save quantity/ }).click();
  await expect(page.getByText('Updated successfully!').first()).toBeVisible();
  await expect(row.getByRole('button', { name: /^Save quantity/ })).toBeDisabled();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Report PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^InventoryReport-.+\.pdf$/);

  await row.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(productUrl);
  // Scoped to the product form: the inventory's "Quantity on Hand of …" inputs may still be on screen.
  await expect(
    page.getByRole('form', { name: 'Edit Product' }).getByLabel('Quantity on Hand', { exact: true }),
  ).toHaveValue('25');

  // Delete.
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await page.getByLabel('Search').fill(code);
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('row')).toHaveCount(2);
  await products.getByRole('button', { name: `Delete ${name} Large` }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The product has been deleted!')).toBeVisible();
  await expect(products.getByText("THERE AREN'T PRODUCTS")).toBeVisible();
  await page.goto(productUrl);
  await expect(page).toHaveURL(/\/404$/);
});

test('leaving a changed product form asks first', async ({ page }) => {
  await signIn(page);
  await page.goto('/products/create');
  await page.getByLabel(/^Name/).fill('Half done');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(dialog).toContainText('You will lose your changes');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/products$/);
});
