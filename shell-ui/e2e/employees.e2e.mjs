// Employees journeys (the school's staff and their user accounts): the employees plugin's remote
// loaded by the shell.
//  16. the director creates a teacher (licence B) working in two branches (one if the demo has
//      only one) with a user account (role "Profesor", no password: the host mails a link); the
//      view shows them with "Profesor" and the account "Activo", and the list, searched by the
//      NIF, shows their code, NIF, main branch, badges and state
//  17. the director locks the teacher's account ("Acceso" → "Bloquear acceso", confirmed): the
//      head and the list show "Bloqueado"; then, in "Laboral", an invalid IBAN is refused under
//      its field and nothing is saved, and a valid one (typed with spaces) is saved as stored
// The NIF and the e-mail are made unique per run. They need the host to have installed the
// employees package (`volante demo` with plugins.registry_dir); without it they are reported as
// skipped, with the reason.
import { api, assert, dni } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** A valid NAF: province 28, eight digits, and the first ten modulo 97 (README checks). */
const NAF = '281234567840';
const VALID_IBAN = 'ES91 2100 0418 4502 0005 1332';
const STORED_IBAN = 'ES9121000418450200051332';
/** Check digits 00 are never valid (mod 97 leaves 2…98). */
const INVALID_IBAN = 'ES00 2100 0418 4502 0005 1332';

/** Open an entry of the menu and wait for its path. */
async function openMenu(page, name, path) {
  await menu(page).getByRole('link', { name }).click();
  await page.waitForURL(`**${path}`);
}

/** The employee's id from their view's path (`/employee/view/{id}`). */
const idFromPath = (page) => Number(new URL(page.url()).pathname.split('/').pop());

/** The list's row of the employee, searched by their NIF. */
async function listedRow(page, fiscalCode, name) {
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(fiscalCode);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Empleados', exact: true });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.waitFor();
  return row;
}

/** Open a tab of the employee's view. */
async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

export async function employeesJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('employees')) {
    skip(
      ['director-creates-a-teacher-with-an-account', 'director-locks-the-account-and-edits-the-labour-data'],
      `GET plugin/modules lists no employees module (${JSON.stringify(modules)}): the host has not installed the employees package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const fiscalCode = dni(Date.now());
  const email = `e2e.${stamp.toLowerCase()}@autoescuela-demo.es`;
  const secondLastName = `E2e${stamp.toLowerCase()}`;
  const name = `Lucía Prueba ${secondLastName}`;

  await journey(browser, 'director-creates-a-teacher-with-an-account', async () => {
    const branches = await api(page, 'GET', 'business/branch/list');
    assert(branches.length > 0, 'the demo school has no branch');
    const chosen = branches.slice(0, 2);
    const main = chosen[0];

    await openMenu(page, 'Empleados', '/employee/list');
    await page.getByRole('table', { name: 'Empleados', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo empleado' }).click();
    const form = page.getByRole('form', { name: 'Nuevo empleado' });
    await form.waitFor();
    await form.getByLabel(/^Nombre( \*)?$/).fill('Lucía');
    await form.getByLabel('Primer apellido', { exact: true }).fill('Prueba');
    await form.getByLabel('Segundo apellido', { exact: true }).fill(secondLastName);
    await form.getByLabel('NIF/NIE', { exact: true }).fill(fiscalCode);
    await form.getByRole('combobox', { name: 'Sexo', exact: true }).selectOption('female');
    await form.getByLabel('Teléfono', { exact: true }).fill('612345678');
    const branchBoxes = form.getByTestId('checks-branches');
    for (const branch of chosen) await branchBoxes.getByRole('checkbox', { name: branch.trade_name, exact: true }).check();
    await form.getByRole('combobox', { name: 'Sucursal principal', exact: true }).selectOption({ label: main.trade_name });
    const positions = form.getByTestId('checks-positions');
    if ((await positions.getByRole('checkbox', { name: 'Profesor', exact: true }).count()) > 0) {
      await positions.getByRole('checkbox', { name: 'Profesor', exact: true }).check();
    }
    await form.getByRole('checkbox', { name: 'Es profesor', exact: true }).check();
    await form.getByTestId('checks-teacher_classes').getByRole('checkbox', { name: 'B', exact: true }).check();
    await form.getByLabel('Número de profesor', { exact: true }).fill(`PR-28-${stamp}`);
    await form.getByRole('checkbox', { name: 'Crear usuario de acceso', exact: true }).check();
    await form.getByLabel(/^Correo electrónico( \*)?$/).fill(email);
    const role = form.getByRole('combobox', { name: 'Rol', exact: true });
    await role.getByRole('option', { name: 'Profesor', exact: true }).waitFor({ state: 'attached' });
    await role.selectOption({ label: 'Profesor' });
    await shot('50-employees-new-teacher');
    await form.getByRole('button', { name: 'Crear empleado' }).click();
    await page.getByText(`Empleado ${name} creado`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/employee\/view\/[1-9]\d*$/);
    const id = idFromPath(page);

    const head = page.getByTestId('employee-head');
    await head.getByTestId('employee-title').filter({ hasText: name }).waitFor();
    await head.getByTestId('teacher-badge').filter({ hasText: 'Profesor' }).waitFor();
    await head.getByTestId('account-badge').filter({ hasText: 'Activo' }).waitFor();
    await page.getByTestId('employee-branch').filter({ hasText: main.trade_name }).waitFor();
    await shot('51-employees-teacher-created');

    // What the plugin stored: the account, the branches, the classes.
    const stored = await api(page, 'GET', `employee/read?id=${id}`);
    assert(stored.account?.email === email && stored.account.active && !stored.account.locked, `the account is ${JSON.stringify(stored.account)}`);
    assert(stored.account.role === 'Profesor', `the account's role is ${stored.account.role}`);
    assert(JSON.stringify([...stored.branches].sort()) === JSON.stringify(chosen.map((b) => b.branch_id).sort()), `the branches are ${JSON.stringify(stored.branches)}`);
    assert(stored.branch_id === main.branch_id, `the main branch is ${stored.branch_id}`);
    assert(stored.is_teacher && JSON.stringify(stored.teacher_classes) === '["B"]', `the teacher data is ${stored.is_teacher} ${JSON.stringify(stored.teacher_classes)}`);

    // The list, searched by the NIF.
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.waitForURL('**/employee/list');
    const row = await listedRow(page, fiscalCode, name);
    const rowText = await row.textContent();
    for (const needle of [stored.code, fiscalCode, main.trade_name, 'Profesor', 'Activo']) {
      assert(rowText.includes(needle), `the employee's row lacks "${needle}": ${rowText}`);
    }
    await row.getByTestId('account-badge').filter({ hasText: 'Activo' }).waitFor();
    await row.getByTestId('teacher-badge').waitFor();
    await shot('52-employees-listed');
  });

  await journey(browser, 'director-locks-the-account-and-edits-the-labour-data', async () => {
    // Set-up when the journey before did not leave the teacher: made through the API.
    const found = await api(page, 'GET', `employee/read?search=${encodeURIComponent(fiscalCode)}&state=all`);
    let employee = found.items.find((e) => e.fiscal_code === fiscalCode);
    if (!employee) {
      const branches = await api(page, 'GET', 'business/branch/list');
      employee = await api(page, 'POST', 'employee/create', {
        first_name: 'Lucía', last_name: 'Prueba', second_last_name: secondLastName, fiscal_code: fiscalCode,
        branches: branches.slice(0, 2).map((b) => b.branch_id), is_teacher: true, teacher_classes: ['B'], account: { email },
      });
    }

    await openMenu(page, 'Empleados', '/employee/list');
    await (await listedRow(page, fiscalCode, name)).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`**/employee/view/${employee.id}`);
    const head = page.getByTestId('employee-head');
    await head.getByTestId('account-badge').filter({ hasText: 'Activo' }).waitFor();

    // Lock the account.
    await openTab(page, 'Acceso');
    const access = page.getByTestId('access');
    await access.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await page.getByTestId('access-state').getByRole('button', { name: 'Bloquear acceso', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert((await dialog.textContent()).includes(name), `the question names someone else: ${await dialog.textContent()}`);
    await dialog.getByRole('button', { name: 'Bloquear acceso', exact: true }).click();
    await page.getByText('Acceso bloqueado', { exact: true }).first().waitFor();
    await head.getByTestId('account-badge').filter({ hasText: 'Bloqueado' }).waitFor();
    await page.getByTestId('access-state').getByRole('button', { name: 'Desbloquear acceso', exact: true }).waitFor();
    const locked = await api(page, 'GET', `employee/read?id=${employee.id}`);
    assert(locked.account?.locked === true, `the account is ${JSON.stringify(locked.account)}`);
    await shot('53-employees-account-locked');

    // The list says so too.
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.waitForURL('**/employee/list');
    const row = await listedRow(page, fiscalCode, name);
    await row.getByTestId('account-badge').filter({ hasText: 'Bloqueado' }).waitFor();
    await shot('54-employees-list-locked');

    // Labour data: an invalid IBAN is refused under its field, and nothing changes.
    await row.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`**/employee/view/${employee.id}`);
    await openTab(page, 'Laboral');
    const labour = page.getByRole('form', { name: 'Datos laborales' });
    await labour.getByRole('combobox', { name: 'Tipo de contrato', exact: true }).selectOption('indefinite');
    await labour.getByRole('combobox', { name: 'Jornada', exact: true }).selectOption('full_time');
    await labour.getByLabel('Horas semanales', { exact: true }).fill('40');
    await labour.getByLabel('Número de afiliación (NAF)', { exact: true }).fill(NAF);
    await labour.getByLabel('Categoría profesional', { exact: true }).fill('Profesor de formación vial');
    const iban = labour.getByLabel('IBAN', { exact: true });
    await iban.fill(INVALID_IBAN);
    await labour.getByRole('button', { name: 'Guardar cambios' }).click();
    const ibanError = labour.getByTestId('error-iban');
    await ibanError.waitFor();
    assert((await iban.getAttribute('aria-invalid')) === 'true', 'the IBAN field is not marked invalid');
    assert((await labour.locator('[data-testid^="error-"]').count()) === 1, `other fields refused too: ${await labour.locator('[data-testid^="error-"]').allTextContents()}`);
    const refused = await api(page, 'GET', `employee/read?id=${employee.id}`);
    assert(refused.iban === '' && refused.contract_type === null, `a refused write changed the labour data: ${refused.iban} ${refused.contract_type}`);
    await shot('55-employees-invalid-iban');

    // A valid one, typed with spaces: saved without them.
    await iban.fill(VALID_IBAN);
    await labour.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Datos laborales guardados', { exact: true }).first().waitFor();
    await page.getByRole('form', { name: 'Datos laborales' }).getByTestId('error-iban').waitFor({ state: 'detached' });
    const shown = await page.getByRole('form', { name: 'Datos laborales' }).getByLabel('IBAN', { exact: true }).inputValue();
    assert(shown === VALID_IBAN, `the IBAN shows as ${shown}`);
    const saved = await api(page, 'GET', `employee/read?id=${employee.id}`);
    assert(saved.iban === STORED_IBAN, `the IBAN is stored as ${saved.iban}`);
    assert(saved.contract_type === 'indefinite' && saved.workday === 'full_time' && saved.weekly_hours === 40, `the labour data is ${JSON.stringify(saved)}`);
    assert(saved.social_security_number === NAF, `the NAF is stored as ${saved.social_security_number}`);
    await shot('56-employees-labour-saved');
  });
}
