// Fleet journeys (vehicles, their ITV and upkeep, workshops, insurance): the fleet plugin's remote
// loaded by the shell.
//  14. the director adds a vehicle (1234 BCD, SEAT, licence B, ITV within 30 days): the list shows
//      it with "Vence pronto" and the alerts banner lists its ITV; a favourable ITV with the next
//      date a year later turns the badge "Al día" (in the vehicle and the list) and takes it off
//      the banner's ITV list
//  15. the director creates a workshop, notes a service there on the vehicle (the workshop's jobs
//      list it), and insures the vehicle from its view ("Añadir póliza": the vehicle chosen): the
//      policy is "En vigor", listed under "Vigentes", and the vehicle's view lists it
// Dates come from the host (`vehicle/alerts` answers its `today`, the peninsula's date). They need
// the host to have installed the fleet package (`volante demo` with plugins.registry_dir); without
// it they are reported as skipped, with the reason.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

const PLATE = '1234 BCD';
const STORED_PLATE = '1234BCD';

/** `YYYY-MM-DD` as the screens show a date: `DD/MM/YYYY`. */
const spanishDate = (day) => day.split('-').reverse().join('/');
/** A calendar day `n` days after `day` (both `YYYY-MM-DD`). */
function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
/** The same day a year later (29 February becomes the 28th). */
function nextYear(day) {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  return date.getUTCMonth() === m - 1 ? date.toISOString().slice(0, 10) : `${y + 1}-02-28`;
}

/** Open an entry of the menu and wait for its path. */
async function openMenu(page, name, path) {
  await menu(page).getByRole('link', { name }).click();
  await page.waitForURL(`**${path}`);
}

/** The vehicles list's row of the journey's vehicle, once listed. */
async function vehicleRow(page) {
  const table = page.getByRole('table', { name: 'Vehículos', exact: true });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: PLATE, exact: true }) });
  await row.waitFor();
  return row;
}

/** The vehicle's id from its view's path (`/vehicle/view/{id}`). */
const idFromPath = (page) => Number(new URL(page.url()).pathname.split('/').pop());

export async function fleetJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('fleet')) {
    skip(
      ['director-adds-a-vehicle-and-records-a-favourable-itv', 'director-creates-a-workshop-and-insures-the-vehicle'],
      `GET plugin/modules lists no fleet module (${JSON.stringify(modules)}): the host has not installed the fleet package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  await journey(browser, 'director-adds-a-vehicle-and-records-a-favourable-itv', async () => {
    const { today } = await api(page, 'GET', 'vehicle/alerts');
    const itvDue = addDays(today, 20);
    const nextItv = nextYear(itvDue);

    await openMenu(page, 'Vehículos', '/vehicle/list');
    await page.getByRole('table', { name: 'Vehículos', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Nuevo vehículo' }).click();
    await page.waitForURL('**/vehicle/view/0');
    const form = page.getByRole('form', { name: 'Datos del vehículo' });
    await form.getByLabel('Matrícula').fill(PLATE);
    await form.getByRole('combobox', { name: 'Marca', exact: true }).selectOption({ label: 'SEAT' });
    await form.getByLabel('Modelo', { exact: true }).fill('Ibiza');
    await form.getByRole('combobox', { name: 'Combustible', exact: true }).selectOption('diesel');
    await form.getByRole('checkbox', { name: 'B', exact: true }).check();
    await form.getByLabel('Próxima ITV', { exact: true }).fill(itvDue);
    await form.getByLabel('Kilómetros', { exact: true }).fill('48210');
    await shot('41-fleet-new-vehicle');
    await form.getByRole('button', { name: 'Dar de alta' }).click();
    await page.getByText(`Vehículo ${PLATE} dado de alta`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/vehicle\/view\/[1-9]\d*$/);
    const vehicleId = idFromPath(page);
    await page.getByTestId('vehicle-name').filter({ hasText: PLATE }).waitFor();
    await page.getByTestId('vehicle-itv').filter({ hasText: spanishDate(itvDue) }).waitFor();
    await page.getByTestId('vehicle-view').getByTestId('itv-badge').first().filter({ hasText: 'Vence pronto' }).waitFor();

    // The list: the vehicle with its ITV date and "Vence pronto"; the banner lists its ITV.
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.waitForURL('**/vehicle/list');
    let row = await vehicleRow(page);
    await row.getByTestId('itv-badge').filter({ hasText: 'Vence pronto' }).waitFor();
    const rowText = await row.textContent();
    for (const needle of [spanishDate(itvDue), 'SEAT Ibiza', 'Turismo', '48.210 km', 'En servicio']) {
      assert(rowText.includes(needle), `the vehicle's row lacks "${needle}": ${rowText}`);
    }
    const itvAlert = page.getByTestId('alerts-itv').getByRole('listitem').filter({ hasText: PLATE });
    await itvAlert.waitFor();
    const alertText = await itvAlert.textContent();
    assert(alertText.includes(`vence el ${spanishDate(itvDue)}`), `the ITV alert says ${alertText}`);
    await shot('42-fleet-list-itv-due-soon');

    // A favourable ITV from the alert's link: the next ITV a year later.
    await itvAlert.getByRole('link', { name: PLATE, exact: true }).click();
    await page.waitForURL(`**/vehicle/view/${vehicleId}`);
    const upkeep = page.getByRole('form', { name: 'Anotar mantenimiento' });
    const kind = upkeep.getByRole('combobox', { name: 'Tipo', exact: true });
    await kind.waitFor();
    if ((await kind.inputValue()) !== 'itv') await kind.selectOption('itv');
    assert((await upkeep.getByLabel('Fecha').inputValue()) === today, `the entry's date is not today (${today})`);
    await upkeep.getByRole('combobox', { name: 'Resultado de la ITV' }).selectOption('favourable');
    await upkeep.getByLabel('Próxima ITV', { exact: true }).fill(nextItv);
    await upkeep.getByRole('button', { name: 'Anotar', exact: true }).click();
    await page.getByText('Mantenimiento anotado', { exact: true }).first().waitFor();
    await page.getByTestId('vehicle-itv').filter({ hasText: spanishDate(nextItv) }).waitFor();
    await page.getByTestId('vehicle-view').getByTestId('itv-badge').first().filter({ hasText: 'Al día' }).waitFor();
    const entries = page.getByRole('table', { name: 'Mantenimiento del vehículo' });
    const itvRow = entries.getByRole('row').filter({ has: page.getByTestId('upkeep-verdict') });
    await itvRow.waitFor();
    const itvText = await itvRow.textContent();
    assert(itvText.includes(spanishDate(today)) && itvText.includes('Favorable') && itvText.includes(`Próxima: ${spanishDate(nextItv)}`), `the ITV entry reads ${itvText}`);
    await shot('43-fleet-itv-recorded');

    // Back in the list: "Al día", and the ITV is off the banner.
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    await page.waitForURL('**/vehicle/list');
    row = await vehicleRow(page);
    await row.getByTestId('itv-badge').filter({ hasText: 'Al día' }).waitFor();
    const alerts = await api(page, 'GET', 'vehicle/alerts');
    assert(!alerts.itv.some((a) => a.vehicle_id === vehicleId), `the host still alerts of the ITV: ${JSON.stringify(alerts.itv)}`);
    if (alerts.uninsured?.some((a) => a.vehicle_id === vehicleId)) {
      // the banner is there (the vehicle has no policy yet): wait for it before looking at its ITV list
      await page.getByTestId('alerts-uninsured').getByRole('link', { name: PLATE, exact: true }).waitFor();
    }
    assert((await page.getByTestId('alerts-itv').getByText(PLATE, { exact: true }).count()) === 0, 'the banner still lists the ITV of the vehicle');
    await shot('44-fleet-list-itv-ok');
  });

  await journey(browser, 'director-creates-a-workshop-and-insures-the-vehicle', async () => {
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const { today } = await api(page, 'GET', 'vehicle/alerts');
    // Set-up when the journey before did not leave the vehicle: made through the API.
    const found = await api(page, 'GET', `vehicle/read?search=${STORED_PLATE}`);
    let vehicle = found.items.find((v) => v.plate === STORED_PLATE);
    if (!vehicle) {
      vehicle = await api(page, 'POST', 'vehicle/create', { plate: PLATE, brand_id: 29, model: 'Ibiza', licence_classes: ['B'], itv_due: addDays(today, 200) });
    }

    // The workshop.
    const name = `Talleres Demo ${stamp}`;
    await openMenu(page, 'Talleres', '/workshop/list');
    await page.getByRole('link', { name: 'Nuevo taller' }).click();
    await page.waitForURL('**/workshop/view/0');
    const workshopForm = page.getByRole('form', { name: 'Datos del taller' });
    await workshopForm.getByLabel('Nombre').fill(name);
    await workshopForm.getByRole('combobox', { name: 'Categoría', exact: true }).selectOption('workshop');
    await workshopForm.getByLabel('Persona de contacto', { exact: true }).fill('Luis García');
    await workshopForm.getByLabel('Dirección', { exact: true }).fill('Calle del Motor 4');
    await workshopForm.getByLabel('Localidad', { exact: true }).fill('Madrid');
    await workshopForm.getByRole('combobox', { name: 'Provincia', exact: true }).selectOption({ label: 'Madrid' });
    await workshopForm.getByLabel('Código postal', { exact: true }).fill('28001');
    await workshopForm.getByRole('button', { name: 'Crear taller' }).click();
    await page.getByText(`Taller ${name} creado`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/workshop\/view\/[1-9]\d*$/);
    const workshopId = idFromPath(page);
    await page.getByTestId('workshop-title').filter({ hasText: name }).waitFor();
    await shot('45-fleet-workshop-created');

    // A service at that workshop, noted on the vehicle.
    await openMenu(page, 'Vehículos', '/vehicle/list');
    await (await vehicleRow(page)).getByRole('link', { name: PLATE, exact: true }).click();
    await page.waitForURL(`**/vehicle/view/${vehicle.id}`);
    const upkeep = page.getByRole('form', { name: 'Anotar mantenimiento' });
    await upkeep.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption('service');
    const workshopSelect = upkeep.getByRole('combobox', { name: 'Taller', exact: true });
    await workshopSelect.getByRole('option', { name }).waitFor({ state: 'attached' });
    await workshopSelect.selectOption({ label: name });
    await upkeep.getByLabel('Importe', { exact: true }).fill('120,50');
    await upkeep.getByLabel('Descripción').fill(`Revisión de los 50.000 km (e2e ${stamp})`);
    await upkeep.getByRole('button', { name: 'Anotar', exact: true }).click();
    await page.getByText('Mantenimiento anotado', { exact: true }).first().waitFor();
    const service = page.getByRole('table', { name: 'Mantenimiento del vehículo' }).getByRole('row').filter({ hasText: `e2e ${stamp}` });
    await service.waitFor();
    const serviceText = (await service.textContent()).replace(/\u00a0/g, ' ');
    assert(serviceText.includes('Revisión') && serviceText.includes(name) && serviceText.includes('120,50 €'), `the service reads ${serviceText}`);

    // The policy, from the vehicle's view: the vehicle is chosen.
    const policies = page.getByTestId('vehicle-policies');
    await policies.getByRole('link', { name: 'Añadir póliza' }).click();
    await page.waitForURL(new RegExp(`/insurance/carrier/0\\?vehicle_id=${vehicle.id}$`));
    const policyForm = page.getByRole('form', { name: 'Datos de la póliza' });
    const vehicleSelect = policyForm.getByRole('combobox', { name: /^Vehículo/ });
    await vehicleSelect.getByRole('option', { name: new RegExp(`^${PLATE}`) }).waitFor({ state: 'attached' });
    assert((await vehicleSelect.inputValue()) === String(vehicle.id), `the policy's vehicle is ${await vehicleSelect.inputValue()}, expected ${vehicle.id}`);
    const number = `E2E-${stamp}`;
    const end = addDays(nextYear(today), -1);
    await policyForm.getByRole('combobox', { name: /^Aseguradora/ }).selectOption({ label: 'ALLIANZ' });
    await policyForm.getByLabel('Número de póliza').fill(number);
    await policyForm.getByRole('combobox', { name: 'Cobertura', exact: true }).selectOption('comprehensive');
    await policyForm.getByLabel('Fecha de inicio').fill(today);
    await policyForm.getByLabel('Fecha de vencimiento').fill(end);
    await policyForm.getByLabel('Prima anual', { exact: true }).fill('450,00');
    await shot('46-fleet-new-policy');
    await policyForm.getByRole('button', { name: 'Crear póliza' }).click();
    await page.getByText(`Póliza ${number} creada`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/insurance\/carrier\/[1-9]\d*$/);
    const policyId = idFromPath(page);
    await page.getByTestId('policy-title').filter({ hasText: `ALLIANZ · ${number}` }).waitFor();
    await page.getByTestId('policy-status').filter({ hasText: 'En vigor' }).waitFor();

    // "Vigentes" lists it.
    await openMenu(page, 'Seguros', '/insurance/list/vigentes');
    await page.getByRole('tab', { name: 'Vigentes', selected: true }).waitFor();
    const listed = page.getByRole('table', { name: 'Pólizas: Vigentes' }).getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await listed.waitFor();
    const listedText = (await listed.textContent()).replace(/\u00a0/g, ' ');
    for (const needle of ['ALLIANZ', PLATE, 'Todo riesgo', spanishDate(today), spanishDate(end), 'En vigor', '450,00 €']) {
      assert(listedText.includes(needle), `the policy's row lacks "${needle}": ${listedText}`);
    }
    assert((await listed.getByRole('link', { name: number, exact: true }).getAttribute('href')) === `/insurance/carrier/${policyId}`, 'the policy links elsewhere');
    await shot('47-fleet-policies-in-force');

    // The vehicle's view lists it.
    await listed.getByRole('link', { name: PLATE, exact: true }).click();
    await page.waitForURL(`**/vehicle/view/${vehicle.id}`);
    const insured = page.getByTestId('vehicle-policies').getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
    await insured.waitFor();
    await insured.getByTestId('policy-status').filter({ hasText: 'En vigor' }).waitFor();
    await shot('48-fleet-vehicle-insured');

    // The workshop's jobs list the service on the vehicle.
    await openMenu(page, 'Talleres', '/workshop/list');
    await page.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`**/workshop/view/${workshopId}`);
    const job = page.getByTestId('workshop-jobs').getByRole('row').filter({ has: page.getByRole('link', { name: PLATE, exact: true }) });
    await job.waitFor();
    assert((await job.textContent()).includes('Revisión'), `the workshop's job reads ${await job.textContent()}`);
    await shot('49-fleet-workshop-jobs');
  });
}
