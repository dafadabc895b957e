// Suppliers journey: the contacts plugin's suppliers' screens, loaded by the shell at run time.
//  22. the director opens "Proveedores", creates a supplier (a company, with its CIF) through
//      "Nuevo proveedor", creates a suppliers' group in the groups panel, opens the supplier and
//      adds it to the group; the list filtered by that group shows it (and the panel counts one
//      member); what the host stored: the supplier's relation is "provider" and its groups list
//      the group, which is not among the clients' groups (nor is the supplier in any of them)
// It needs the host to have installed the contacts package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Names are
// unique per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** A valid company CIF (`B`, 7 digits and their control digit) made from `seed`. */
function cif(seed) {
  const digits = String(1_000_000 + (seed % 8_999_999)).padStart(7, '0');
  let sum = 0;
  [...digits].forEach((d, i) => {
    const n = Number(d);
    sum += i % 2 === 0 ? Math.floor((n * 2) / 10) + ((n * 2) % 10) : n;
  });
  return `B${digits}${(10 - (sum % 10)) % 10}`;
}

export async function suppliersJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('contacts')) {
    skip(
      ['director-keeps-suppliers'],
      `GET plugin/modules lists no contacts module (${JSON.stringify(modules)}): the host has not installed the contacts package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-keeps-suppliers', async () => {
    const tradeName = `Recambios Volante${stamp}`;
    const fiscalName = `Recambios Volante${stamp} SL`;
    const fiscalCode = cif(Date.now());
    const email = `pedidos.${stamp.toLowerCase()}@recambios.example.es`;
    const groupName = `Talleres E2E ${stamp}`;
    const openList = async () => {
      await menu(page).getByRole('link', { name: 'Proveedores', exact: true }).click();
      await page.waitForURL('**/provider/list');
      await page.getByRole('table', { name: 'Proveedores' }).waitFor();
    };

    // The supplier, from "Nuevo proveedor": a company unless changed.
    await openList();
    await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
    const form = page.getByRole('form', { name: 'Datos del proveedor' });
    assert((await form.getByRole('combobox', { name: /^Tipo( \*)?$/ }).inputValue()) === 'E', 'a new supplier should start as a company');
    await form.getByRole('textbox', { name: /^Razón social( \*)?$/ }).fill(fiscalName);
    await form.getByRole('textbox', { name: /^Nombre comercial( \*)?$/ }).fill(tradeName);
    await form.getByRole('textbox', { name: /^DNI\/NIE o NIF( \*)?$/ }).fill(fiscalCode);
    await form.getByRole('textbox', { name: /^Correo electrónico( \*)?$/ }).fill(email);
    await form.getByRole('combobox', { name: /^Provincia( \*)?$/ }).selectOption({ label: 'Madrid' });
    await form.getByRole('textbox', { name: /^Código postal( \*)?$/ }).fill('28045');
    await shot('80-suppliers-create');
    await form.getByRole('button', { name: 'Crear proveedor' }).click();
    await page.waitForURL(/\/provider\/view\/[1-9]\d*$/);
    const supplierId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`Proveedor ${tradeName} creado`).first().waitFor();
    await page.getByTestId('contact-name').filter({ hasText: tradeName }).waitFor();
    await page.getByText('No pertenece a ningún grupo').waitFor();

    // A suppliers' group, in the panel below the list.
    await page.getByRole('link', { name: 'Volver a proveedores' }).click();
    await page.waitForURL('**/provider/list');
    const panel = page.getByTestId('provider-groups');
    const groupForm = panel.getByRole('form', { name: 'Nuevo grupo de proveedores' });
    await groupForm.getByRole('textbox', { name: /^Nombre del grupo( \*)?$/ }).fill(groupName);
    await groupForm.getByRole('textbox', { name: /^Descripción( \*)?$/ }).fill('Talleres y recambios de la flota');
    await groupForm.getByRole('button', { name: 'Crear grupo' }).click();
    await page.getByText(`Grupo ${groupName} creado`).first().waitFor();
    const groupItem = panel.getByRole('listitem').filter({ hasText: groupName });
    await groupItem.filter({ hasText: '0 proveedores' }).waitFor();

    // The supplier, opened from the list, joins the group.
    const table = page.getByRole('table', { name: 'Proveedores' });
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill(`Volante${stamp}`);
    await search.press('Enter');
    await page.getByTestId('paginator-text').filter({ hasText: 'Viendo 1 a 1 de 1' }).waitFor();
    await table.getByRole('link', { name: tradeName, exact: true }).click();
    await page.waitForURL(`**/provider/view/${supplierId}`);
    const groupsCard = page.getByTestId('provider-groups-card');
    await groupsCard.getByRole('combobox', { name: 'Añadir a un grupo' }).selectOption({ label: groupName });
    await groupsCard.getByRole('button', { name: 'Añadir', exact: true }).click();
    await page.getByText(`Añadido al grupo ${groupName}`).first().waitFor();
    await groupsCard.getByRole('button', { name: `Quitar del grupo ${groupName}` }).waitFor();
    await shot('81-suppliers-card-groups');

    // The list filtered by the group shows it; the panel counts it.
    await openList();
    await page.getByRole('combobox', { name: 'Grupo', exact: true }).selectOption({ label: groupName });
    await page.getByTestId('paginator-text').filter({ hasText: 'Viendo 1 a 1 de 1' }).waitFor();
    const row = table.getByRole('row').filter({ hasText: tradeName });
    await row.filter({ hasText: fiscalCode }).filter({ hasText: email }).waitFor();
    await row.getByTestId('contact-state').filter({ hasText: 'Activo' }).waitFor();
    await groupItem.filter({ hasText: '1 proveedor' }).waitFor();
    await shot('82-suppliers-by-group');

    // What the host stored.
    const stored = await api(page, 'GET', `provider/read?id=${supplierId}`);
    assert(stored.relation === 'provider' && stored.type === 'E', `stored supplier ${JSON.stringify({ relation: stored.relation, type: stored.type })}`);
    assert(stored.display_name === tradeName && stored.fiscal_name === fiscalName && stored.fiscal_code === fiscalCode && stored.email === email, `stored supplier ${JSON.stringify(stored)}`);
    const group = stored.groups.find((g) => g.name === groupName);
    assert(group && stored.groups.length === 1, `stored supplier's groups ${JSON.stringify(stored.groups)}`);
    const providerGroup = await api(page, 'GET', `provider/group/read?id=${group.id}`);
    assert(JSON.stringify(providerGroup.contact_ids) === JSON.stringify([supplierId]), `the group's members ${JSON.stringify(providerGroup.contact_ids)}`);
    const byGroup = await api(page, 'GET', `provider/read?group_id=${group.id}`);
    assert(byGroup.total === 1 && byGroup.items[0]?.id === supplierId, `suppliers of the group ${JSON.stringify(byGroup.items.map((c) => c.id))}`);

    // The clients' groups are apart: the suppliers' group is not one, nor is the supplier in any.
    const clientGroups = await api(page, 'GET', 'contact/group/read');
    assert(!clientGroups.items.some((g) => g.id === group.id || g.name === groupName), `clients' groups ${JSON.stringify(clientGroups.items.map((g) => g.name))}`);
    for (const g of clientGroups.items) {
      const members = await api(page, 'GET', `contact/group/read?id=${g.id}`);
      assert(!members.contact_ids.includes(supplierId), `the supplier is in the clients' group ${g.name}`);
    }
  });
}
