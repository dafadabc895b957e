// Module journeys: the contacts plugin's remote loaded by the shell at run time.
//   5. the director creates, finds, edits and deactivates a contact
//   6. the provider switches contacts off for the demo school: the director's menu loses it;
//      on again: it returns
//   7. a teacher without the contact permission cannot open it
//   8. the provider removes contacts from "Módulos instalados" (the director's menu loses it) and
//      installs it again by uploading its package there: the director's contact is still there
// They need the host to have installed the contacts package (`volante demo` with
// plugins.registry_dir); without it they are reported as skipped, with the reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { USERS, assert, openBrowser, signIn } from './harness.mjs';

/** The modules the signed-in page's session sees (GET plugin/modules). */
export async function listedModules(page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/plugin/modules', { headers: { Authorization: `Token ${localStorage.getItem('volante.token')}` } });
    const body = await response.json();
    return body.success ? body.data.map((m) => m.plugin_id) : [];
  });
}

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const contactsLink = (page) => menu(page).getByRole('link', { name: 'Contactos' });

/** The path of `id`'s package in a registry folder (its index.json), or null. */
function packageFile(registry, id) {
  if (!registry?.dir) return null;
  const index = JSON.parse(readFileSync(join(registry.dir, 'index.json'), 'utf8'));
  const entry = index.packages.find((p) => p.id === id);
  return entry ? join(registry.dir, entry.file) : null;
}

export async function moduleJourneys({ host, browser, journey, skip, registry }) {
  const { page, shot } = browser;
  const stamp = Date.now().toString(36).slice(-4);
  const person = { first: 'Lucía', last: `Fernández${stamp}`, second: 'Ruiz', dni: '12345678Z', email: `lucia.${stamp}@example.es` };
  const fullName = `${person.first} ${person.last} ${person.second}`;
  /** Open the contact list from the menu and search the person (accents left out): their row. */
  const findPerson = async () => {
    await contactsLink(page).click();
    await page.waitForURL('**/contact/list');
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill(person.last.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    await search.press('Enter');
    await page.getByTestId('paginator-text').filter({ hasText: 'Viendo 1 a 1 de 1' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: fullName });
    await row.waitFor();
    return row;
  };

  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('contacts')) {
    skip(
      ['contact-create-find-edit-deactivate', 'provider-switches-contacts-off-and-on', 'teacher-without-permission-cannot-open-contacts', 'provider-removes-contacts-and-installs-its-package-again'],
      `GET plugin/modules lists no contacts module (${JSON.stringify(modules)}): the host has not installed the contacts package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  await journey(browser, 'contact-create-find-edit-deactivate', async () => {
    await contactsLink(page).click();
    await page.waitForURL('**/contact/list');
    await page.getByRole('table', { name: 'Contactos' }).waitFor();
    await shot('10-contact-list');
    await page.getByRole('link', { name: 'Nuevo contacto' }).click();
    await page.waitForURL('**/contact/list/create');
    const form = page.getByRole('form', { name: 'Datos del contacto' });
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(person.first);
    await form.getByLabel('Primer apellido').fill(person.last);
    await form.getByLabel('Segundo apellido').fill(person.second);
    await form.getByLabel('DNI/NIE o NIF').fill(person.dni);
    await form.getByLabel('Correo electrónico').fill('lucia@');
    await form.getByLabel('Correo electrónico').blur();
    await form.getByText('Introduzca un correo electrónico válido').waitFor();
    await form.getByLabel('Correo electrónico').fill(person.email);
    await form.getByLabel('Provincia').selectOption({ label: 'Madrid' });
    await form.getByLabel('Código postal').fill('28013');
    await shot('11-contact-create');
    await page.getByRole('button', { name: 'Crear contacto' }).click();
    await page.waitForURL(/\/contact\/view\/\d+\/0$/);
    await page.getByTestId('contact-name').filter({ hasText: fullName }).waitFor();
    await page.getByTestId('contact-state').filter({ hasText: 'Activo' }).waitFor();

    // find it from the list: search from 2 characters, "Viendo 1 a 1 de 1"
    const row = await findPerson();
    await shot('12-contact-found');

    // edit: the mobile, saved and read back after a reload
    await row.getByRole('link', { name: fullName, exact: true }).click();
    await page.waitForURL(/\/contact\/view\/\d+\/0$/);
    await page.getByLabel('Móvil').fill('600123456');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Contacto guardado').waitFor();
    await page.reload();
    await page.getByTestId('contact-name').filter({ hasText: fullName }).waitFor();
    assert((await page.getByLabel('Móvil').inputValue()) === '600123456', 'the mobile was not saved');

    // deactivate, confirmed
    await page.getByRole('button', { name: 'Desactivar' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await page.getByText('Contacto desactivado').waitFor();
    await page.getByTestId('contact-state').filter({ hasText: 'Inactivo' }).waitFor();
    await shot('13-contact-deactivated');
  });

  await journey(browser, 'provider-switches-contacts-off-and-on', async () => {
    const admin = await openBrowser();
    try {
      await signIn(admin.page, host, USERS.admin);
      await menu(admin.page).getByRole('link', { name: 'Empresas' }).click();
      await admin.page.getByRole('link', { name: 'Autoescuela Demo' }).click();
      await admin.page.getByRole('tab', { name: 'Módulos' }).click();
      const toggle = admin.page.getByRole('switch', { name: 'Servicio Contactos' });
      assert(await toggle.isChecked(), 'contacts should start switched on for the demo school');
      await toggle.click();
      await admin.page.getByText('Servicio Contactos desactivado').waitFor();
      await admin.shot('14-provider-contacts-off');

      // the director's next navigation asks for the modules again: the entry is gone
      await menu(page).getByRole('link', { name: 'Panel' }).click();
      await page.getByTestId('greeting').waitFor();
      await contactsLink(page).waitFor({ state: 'detached' });
      await shot('15-staff-without-contacts');

      await toggle.click();
      await admin.page.getByText('Servicio Contactos activado').waitFor();
      await page.goto(`${host.base}/dashboard`);
      await contactsLink(page).waitFor();
      await shot('16-staff-contacts-back');
      assert(admin.errors.length === 0, `errors in the provider's page: ${admin.errors.join(' | ')}`);
    } finally {
      await admin.context.close();
    }
  });

  await journey(browser, 'teacher-without-permission-cannot-open-contacts', async () => {
    const teacher = await openBrowser();
    try {
      await signIn(teacher.page, host, USERS.teacher);
      await menu(teacher.page).getByRole('link', { name: 'Panel' }).waitFor();
      assert((await contactsLink(teacher.page).count()) === 0, 'the teacher sees Contactos in the menu');
      await teacher.page.goto(`${host.base}/contact/list`);
      await teacher.page.getByTestId('forbidden').waitFor();
      assert((await teacher.page.getByRole('table', { name: 'Contactos' }).count()) === 0, 'the teacher sees the contacts table');
      await teacher.shot('17-teacher-forbidden');
      assert(teacher.errors.length === 0, `errors in the teacher's page: ${teacher.errors.join(' | ')}`);
    } finally {
      await teacher.context.close();
    }
  });

  await journey(browser, 'provider-removes-contacts-and-installs-its-package-again', async () => {
    const pkg = packageFile(registry, 'contacts');
    assert(pkg, 'no contacts package in the registry the host installed from');
    const admin = await openBrowser();
    try {
      await signIn(admin.page, host, USERS.admin);
      await menu(admin.page).getByRole('link', { name: 'Módulos instalados' }).click();
      await admin.page.getByTestId('plugin-version-contacts').waitFor();
      await admin.page.getByRole('button', { name: 'Quitar Contactos' }).click();
      const dialog = admin.page.getByRole('alertdialog');
      await dialog.getByText('Sus datos se conservan', { exact: false }).waitFor();
      await admin.shot('18-provider-remove-contacts');
      await dialog.getByRole('button', { name: 'Quitar', exact: true }).click();
      await admin.page.getByText('Contactos se ha quitado').waitFor();
      await admin.page.getByTestId('plugin-version-contacts').waitFor({ state: 'detached' });

      // the director's next navigation asks for the modules again: the entry is gone
      await page.goto(`${host.base}/dashboard`);
      await page.getByTestId('greeting').waitFor();
      await contactsLink(page).waitFor({ state: 'detached' });

      // the same package uploaded from the page installs it again, with the school's data
      await admin.page.getByLabel('Paquete del módulo (.vplugin)').setInputFiles(pkg);
      await admin.page.getByText(/^Módulo contacts \S+ instalado$/).waitFor();
      await admin.page.getByTestId('plugin-version-contacts').waitFor();
      await admin.shot('19-provider-contacts-installed-again');
      await page.goto(`${host.base}/dashboard`);
      await findPerson();
      await shot('20-contact-after-reinstall');
      assert(admin.errors.length === 0, `errors in the provider's page: ${admin.errors.join(' | ')}`);
    } finally {
      await admin.context.close();
    }
  });
}
