// Catalogue journey: the products plugin's remote loaded by the shell.
//  21. the director creates a category, then two products in it (a course at 100 € with IVA 21 %
//      and a book at 25,50 € with IVA 10 %), then a pack of both with 10 % off the course, all
//      through the screens; the pack's price is the sum of its lines' net amounts and its total
//      adds the tax with the host's rule (cents; tax = round(price × rate / 10000), half away
//      from zero): what the screens show matches what the rule gives and what the host stored
// It needs the host to have installed the products and billing packages (`volante demo` with
// plugins.registry_dir; billing gives the taxes); without them it is reported as skipped, with
// the reason. Names are unique per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** `base × rate / 10000` rounded half away from zero (rates in hundredths of a percent). */
function percentOf(base, rate) {
  const n = base * rate;
  const q = Math.trunc(n / 10_000);
  const r = n - q * 10_000;
  return q + (2 * Math.abs(r) >= 10_000 ? Math.sign(n) : 0);
}

const eurosFormat = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
/** Cents as the screens show them ("139,76 €"), spaces made plain. */
const euros = (cents) => eurosFormat.format(cents / 100).replace(/\s/g, ' ');
const shown = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();

export async function productsJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  const needed = ['products', 'billing'];
  if (!needed.every((m) => modules.includes(m))) {
    skip(
      ['director-builds-a-pack'],
      `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the ${needed.join(', ')} packages (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-builds-a-pack', async () => {
    const categoryName = `Cursos E2E ${stamp}`;
    const courseName = `Curso teórico ${stamp}`;
    const bookName = `Libro de test ${stamp}`;
    const packName = `Pack B ${stamp}`;

    // The category, from "Categorías".
    await menu(page).getByRole('link', { name: 'Categorías', exact: true }).click();
    await page.waitForURL('**/product/category/list/0');
    await page.getByRole('button', { name: 'Nueva categoría' }).click();
    const categoryForm = page.getByRole('form', { name: 'Nueva categoría' });
    await categoryForm.getByRole('textbox', { name: /^Nombre/ }).fill(categoryName);
    await categoryForm.getByRole('button', { name: 'Crear categoría' }).click();
    await page.getByText(`Categoría ${categoryName} creada`).first().waitFor();
    await page.getByRole('table', { name: 'Categorías' }).getByRole('link', { name: categoryName, exact: true }).waitFor();

    // A product: its name and category (General), its price and tax (Ventas).
    const createProduct = async (name, price, tax) => {
      await menu(page).getByRole('link', { name: 'Productos', exact: true }).click();
      await page.waitForURL('**/product/list');
      await page.getByRole('link', { name: 'Nuevo producto' }).click();
      await page.waitForURL('**/product/view/0/0');
      const form = page.getByRole('form', { name: 'Nuevo producto' });
      await form.getByRole('textbox', { name: /^Nombre/ }).fill(name);
      await form.getByRole('group', { name: 'Categorías' }).getByRole('checkbox', { name: categoryName }).check();
      await form.getByRole('tab', { name: 'Ventas' }).click();
      await form.getByRole('textbox', { name: /^Precio de venta/ }).fill(price);
      await form.getByRole('combobox', { name: 'Impuesto' }).selectOption({ label: tax });
      await form.getByRole('button', { name: 'Crear producto' }).click();
      await page.waitForURL(/\/product\/view\/[1-9]\d*\/0$/);
      await page.getByTestId('product-title').filter({ hasText: name }).waitFor();
      return Number(new URL(page.url()).pathname.split('/').at(-2));
    };
    const courseId = await createProduct(courseName, '100', 'IVA 21 %');
    assert((await shown(page.getByTestId('product-total'))) === euros(10_000 + percentOf(10_000, 2100)), `course total ${await shown(page.getByTestId('product-total'))}`);
    await shot('70-products-course');
    const bookId = await createProduct(bookName, '25,50', 'IVA 10 %');
    assert((await shown(page.getByTestId('product-total'))) === euros(2550 + percentOf(2550, 1000)), `book total ${await shown(page.getByTestId('product-total'))}`);

    // The pack: both products, 10 % off the course, IVA 21 %.
    await menu(page).getByRole('link', { name: 'Productos', exact: true }).click();
    await page.waitForURL('**/product/list');
    await page.getByRole('link', { name: 'Nuevo pack' }).click();
    await page.waitForURL('**/product/view/0/1');
    const form = page.getByRole('form', { name: 'Nuevo pack' });
    await form.getByRole('textbox', { name: /^Nombre/ }).fill(packName);
    await form.getByRole('group', { name: 'Categorías' }).getByRole('checkbox', { name: categoryName }).check();
    await form.getByRole('tab', { name: 'Ventas' }).click();
    await form.getByRole('combobox', { name: 'Impuesto' }).selectOption({ label: 'IVA 21 %' });
    await form.getByRole('tab', { name: 'Productos' }).click();
    for (const name of [courseName, bookName]) {
      const search = form.getByTestId('lines-picker').getByRole('searchbox');
      await search.fill(name);
      await search.press('Enter');
      await form.getByRole('button', { name: `Elegir ${name}`, exact: true }).click();
    }
    const course = form.getByTestId('pack-line').nth(0);
    await course.getByRole('combobox', { name: /^Tipo de descuento/ }).selectOption('percent');
    await course.getByRole('textbox', { name: /^Descuento/ }).fill('10');
    await shot('71-products-pack-lines');
    await form.getByRole('button', { name: 'Crear pack' }).click();
    await page.waitForURL(/\/product\/view\/[1-9]\d*\/1$/);
    const packId = Number(new URL(page.url()).pathname.split('/').at(-2));
    await page.getByTestId('product-title').filter({ hasText: packName }).waitFor();

    // The rule: each line's net is its gross less its discount; the pack's price their sum.
    const courseNet = 10_000 - percentOf(10_000, 1000);
    const bookNet = 2550;
    const price = courseNet + bookNet;
    const total = price + percentOf(price, 2100);
    const shownPrice = await shown(page.getByTestId('product-price'));
    const shownTotal = await shown(page.getByTestId('product-total'));
    assert(shownPrice === euros(price), `pack price shown ${shownPrice}, expected ${euros(price)}`);
    assert(shownTotal === euros(total), `pack total shown ${shownTotal}, expected ${euros(total)}`);
    await page.getByRole('tab', { name: 'Productos' }).click();
    const saved = page.getByTestId('saved-lines');
    await saved.getByTestId('saved-line-name').filter({ hasText: courseName }).waitFor();
    assert((await shown(saved.getByTestId('pack-price'))) === `Precio del pack: ${euros(price)}`, `pack lines' price ${await shown(saved.getByTestId('pack-price'))}`);
    const netCells = await saved.locator('tbody tr td:last-child').allTextContents();
    assert(JSON.stringify(netCells.map((c) => c.replace(/\s/g, ' '))) === JSON.stringify([euros(courseNet), euros(bookNet)]), `lines' net ${JSON.stringify(netCells)}`);
    await page.getByRole('tab', { name: 'Ventas' }).click();
    assert((await shown(page.getByTestId('saved-total'))) === euros(total), `sales tab total ${await shown(page.getByTestId('saved-total'))}`);
    await shot('72-products-pack');

    // What the host stored.
    const stored = await api(page, 'GET', `product/read/${packId}`);
    assert(stored.is_pack && stored.price === price && stored.tax_rate === 2100 && stored.total === total, `stored pack ${JSON.stringify({ price: stored.price, tax_rate: stored.tax_rate, total: stored.total })}`);
    // Compared field by field: the answer's key order is not the stored one.
    const line = (l) => [l.product_id, l.quantity, l.discount_type, l.discount_value];
    assert(
      JSON.stringify(stored.pack_items.map(line)) ===
        JSON.stringify([
          [courseId, 1, 'percent', 1000],
          [bookId, 1, null, 0],
        ]),
      `stored lines ${JSON.stringify(stored.pack_items)}`,
    );
    assert(stored.categories.some((c) => c.name === categoryName), `pack categories ${JSON.stringify(stored.categories)}`);
    const inCategory = await api(page, 'GET', `product/read?category_id=${stored.category_ids[0]}`);
    assert(inCategory.total === 3, `products in the category: ${inCategory.total}`);
  });
}
