// Training consultancy journey: the consulting plugin's remote loaded by the shell, under the
// provider's prefix (/facilauto/consulting/…). The demo switches its service on for the demo
// provider, not the school, so it is the provider administrator's, in a browser of their own.
//  28. the provider administrator opens "Consultoría de formación" (the companies), creates the
//      group "Clientes E2E …" in "Grupos de empresas"; "Nueva empresa" with a CIF made for the run,
//      a training credit in euros and the group: a CCC with a wrong control is refused with the
//      host's "El código de cuenta de cotización debe tener 11 cifras y su control correcto"
//      under its field and nothing is stored; the right CCC (typed with spaces) creates it. Then a
//      training centre, a worker of the company (DNI and NAF), and a course of the company at the
//      centre (hours, dates this year, cost in euros, "Finalizado"); the worker is added as a
//      participant with the course's finder. The course shows "Comunicar el inicio a FUNDAE hasta
//      el …" (two days before the start) and the participant, also reloaded; the worker shows the
//      course and its finished hours, and "Descargar ficha (PDF)" downloads a PDF (the host's
//      consulting/trabajador/pdf answers application/pdf); the company shows the credit, used and
//      left in euros as the UI formats them, and its list row the CCC, the worker and the group.
//      What the host stored matches (the credit used in cents)
// It needs the host to have installed the consulting package (`volante demo` with
// plugins.registry_dir) and switched it on for the provider; without it, it is reported as
// skipped, with the reason. Names, the CIF and the DNI are unique per run.
import { readFileSync } from 'node:fs';
import { USERS, api, assert, dni, log, openBrowser, prepare, signIn } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
/** The four kinds as tabs over every screen of the plugin (SubNav). */
const sections = (page) => page.getByRole('navigation', { name: 'Secciones de la consultoría' });

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** `YYYY-MM-DD` in Spain (the host's day) plus `days`. */
const spanishIso = (days) => spainDay.format(new Date(Date.now() + days * 86_400_000));
/** `YYYY-MM-DD` plus `days` (calendar days). */
const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** `YYYY-MM-DD` as the screens show it: `DD/MM/YYYY`. */
const shown = (iso) => iso.split('-').reverse().join('/');

const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
/** The record's id from its view's path (`…/view/{id}`). */
const idFromPath = (page) => Number(new URL(page.url()).pathname.split('/').pop());

/**
 * A valid CIF (`B` and seven digits from `seed`, then the control digit): the odd positions
 * doubled with their digits added, the even ones added; the control is what takes the sum to
 * the next ten (plugin-sdk/checks `cif`; a `B` company always takes the digit).
 */
function cif(seed) {
  const digits = String(Math.abs(seed) % 10_000_000).padStart(7, '0');
  let sum = 0;
  [...digits].forEach((d, i) => {
    const n = Number(d);
    sum += i % 2 === 0 ? Math.floor((n * 2) / 10) + ((n * 2) % 10) : n;
  });
  return `B${digits}${(10 - (sum % 10)) % 10}`;
}

/** A CCC whose control is right (281234567 mod 97 = 42) and one whose control is not. */
const CCC = '28 1234567 42';
const STORED_CCC = '28123456742';
const WRONG_CCC = '28 1234567 43';
const CCC_ERROR = 'El código de cuenta de cotización debe tener 11 cifras y su control correcto';
/** A valid NAF: province 28, eight digits, and the first ten modulo 97. */
const NAF = '281234567840';

/** The year's training credit and the course's cost, typed the Spanish way, and in cents. */
const CREDIT_TYPED = '12.000';
const CREDIT = 1_200_000;
const COST_TYPED = '1.250,50';
const COST = 125_050;
const HOURS = 20;

/**
 * Cents as the UI shows them (plugin-ui formatEuros: es-ES currency, EUR), formatted by the
 * page's own Intl so the grouping and spaces are Chromium's; spaces made plain.
 */
const euros = async (page, cents) =>
  (await page.evaluate((c) => new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(c / 100), cents)).replace(/\s+/g, ' ').trim();

export async function consultingJourneys({ host, journey, skip }) {
  const name = 'provider-runs-the-training-consultancy';
  // The provider administrator, in a browser of their own (the journeys' browser is the director's,
  // and the school does not have the service).
  const admin = await openBrowser();
  try {
    const ap = admin.page;
    const ready = await prepare(journey, admin, name, async () => {
      await signIn(ap, host, USERS.admin);
      return listedModules(ap);
    });
    if (!ready) return;
    const modules = ready.value;
    if (!modules.includes('consulting')) {
      skip(
        [name],
        `GET plugin/modules lists no consulting module for the provider administrator (${JSON.stringify(modules)}): the host has not installed the consulting package or not switched it on for the demo provider (volante demo with plugins.registry_dir)`,
      );
      return;
    }

    const stamp = Date.now().toString(36).slice(-5).toUpperCase();

    await journey(admin, name, async () => {
      const shot = admin.shot;
      const groupName = `Clientes E2E ${stamp}`;
      const companyName = `Transportes Meseta ${stamp}`;
      const taxCode = cif(Date.now());
      const centreName = `Centro de Formación Vial ${stamp}`;
      const firstName = 'Lucía';
      const lastName = `Ortega E2E ${stamp}`;
      const workerName = `${firstName} ${lastName}`;
      const workerDni = dni(Date.now());
      const courseName = `Mercancías peligrosas ADR ${stamp}`;
      // The course starts this year (its cost counts against this year's credit), some days ago.
      const today = spanishIso(0);
      const year = today.slice(0, 4);
      const start = spanishIso(-20) < `${year}-01-01` ? `${year}-01-01` : spanishIso(-20);
      const end = addDays(start, 9);
      const notifyBy = addDays(start, -2);

      // 1. "Consultoría de formación" from the menu: the companies.
      const { user: me } = await api(ap, 'GET', 'user/verify');
      assert(me.email === USERS.admin, `signed in as ${me.email}, not the provider administrator`);
      await menu(ap).getByRole('link', { name: 'Consultoría de formación', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/empresas');
      await ap.getByTestId('empresas-list').getByRole('table', { name: 'Empresas', exact: true }).waitFor();

      // 2. A group of companies, in the panel beside the list.
      const panel = ap.getByTestId('groups-panel');
      await panel.getByRole('heading', { name: 'Grupos de empresas', exact: true }).waitFor();
      const groupForm = panel.getByRole('form', { name: 'Nuevo grupo' });
      await groupForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(groupName);
      await groupForm.getByRole('button', { name: 'Crear grupo', exact: true }).click();
      await ap.getByText(`Grupo ${groupName} creado`, { exact: true }).first().waitFor();
      const groupItem = panel.getByTestId('group').filter({ hasText: groupName });
      await groupItem.getByTestId('group-count').filter({ hasText: /^0 empresas$/ }).waitFor();
      const groups = await api(ap, 'GET', 'consulting/empresas/group/read');
      const groupId = (groups.items ?? groups).find((g) => g.name === groupName)?.id;
      assert(groupId, `consulting/empresas/group/read has no ${groupName}: ${JSON.stringify(groups)}`);

      // 3. "Nueva empresa": a CCC with a wrong control first.
      await ap.getByRole('link', { name: 'Nueva empresa', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/empresas/view/0');
      const companyForm = ap.getByRole('form', { name: 'Nueva empresa cliente' });
      await companyForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(companyName);
      await companyForm.getByRole('textbox', { name: /^NIF\/CIF( \*)?$/ }).fill(taxCode);
      const ccc = companyForm.getByRole('textbox', { name: 'Código de cuenta de cotización (CCC)', exact: true });
      await ccc.fill(WRONG_CCC);
      await companyForm.getByRole('textbox', { name: 'Crédito de formación del año', exact: true }).fill(CREDIT_TYPED);
      const companyGroup = companyForm.getByRole('combobox', { name: 'Grupo', exact: true });
      await companyGroup.locator('option', { hasText: groupName }).waitFor({ state: 'attached' });
      await companyGroup.selectOption({ label: groupName });
      await companyForm.getByRole('button', { name: 'Crear', exact: true }).click();
      const cccError = companyForm.getByTestId('error-contribution_account');
      await cccError.waitFor();
      assert((await text(cccError)) === CCC_ERROR, `the CCC's error reads ${JSON.stringify(await text(cccError))}`);
      assert((await ccc.getAttribute('aria-invalid')) === 'true', 'the CCC field is not marked invalid');
      const fieldErrors = companyForm.locator('[data-testid^="error-"]');
      assert((await fieldErrors.count()) === 1, `other fields refused too: ${JSON.stringify(await fieldErrors.allTextContents())}`);
      assert((await text(companyForm.getByTestId('record-errors'))) === 'Revise los campos marcados', `above the form: ${await text(companyForm.getByTestId('record-errors'))}`);
      assert(new URL(ap.url()).pathname.endsWith('/empresas/view/0'), `a refused company opened ${ap.url()}`);
      const refused = await api(ap, 'GET', `consulting/empresas/read?search=${encodeURIComponent(stamp)}&state=all`);
      assert(refused.total === 0, `a refused company was stored: ${JSON.stringify(refused.items)}`);
      await shot('130-consulting-company-wrong-ccc');

      // The right CCC, with spaces: created, and opened.
      await ccc.fill(CCC);
      await companyForm.getByRole('button', { name: 'Crear', exact: true }).click();
      await ap.waitForURL(/\/facilauto\/consulting\/empresas\/view\/[1-9]\d*$/);
      const companyId = idFromPath(ap);
      await ap.getByText(`Empresa ${companyName} creada`, { exact: true }).first().waitFor();
      const head = ap.getByTestId('record-head');
      await head.getByTestId('view-title').filter({ hasText: companyName }).waitFor();
      await head.getByTestId('group-chip').filter({ hasText: groupName }).waitFor();
      assert((await text(head.getByTestId('fact-credit'))) === (await euros(ap, CREDIT)), `a new company's credit reads ${await text(head.getByTestId('fact-credit'))}`);
      assert((await text(head.getByTestId('fact-credit-used'))) === (await euros(ap, 0)), `a new company's credit used reads ${await text(head.getByTestId('fact-credit-used'))}`);
      assert((await text(head.getByTestId('fact-credit-left'))) === (await euros(ap, CREDIT)), `a new company's credit left reads ${await text(head.getByTestId('fact-credit-left'))}`);
      const companyData = ap.getByRole('form', { name: 'Datos de la empresa' });
      assert((await companyData.getByRole('textbox', { name: 'Código de cuenta de cotización (CCC)', exact: true }).inputValue()) === STORED_CCC, 'the saved CCC is not shown as its 11 digits');

      // 4. A training centre.
      await sections(ap).getByRole('link', { name: 'Centros', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/centros');
      await ap.getByRole('table', { name: 'Centros de formación', exact: true }).waitFor();
      await ap.getByRole('link', { name: 'Nuevo centro', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/centros/view/0');
      const centreForm = ap.getByRole('form', { name: 'Nuevo centro de formación' });
      await centreForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(centreName);
      await centreForm.getByRole('textbox', { name: 'Nº de acreditación (SEPE)', exact: true }).fill(`28/${stamp}`);
      await centreForm.getByRole('textbox', { name: 'Localidad', exact: true }).fill('Getafe');
      await centreForm.getByRole('button', { name: 'Crear', exact: true }).click();
      await ap.waitForURL(/\/facilauto\/consulting\/centros\/view\/[1-9]\d*$/);
      const centreId = idFromPath(ap);
      await ap.getByText(`Centro ${centreName} creado`, { exact: true }).first().waitFor();

      // 5. A worker of the company.
      await sections(ap).getByRole('link', { name: 'Trabajadores', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/trabajadores');
      await ap.getByRole('link', { name: 'Nuevo trabajador', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/trabajadores/view/0');
      const workerForm = ap.getByRole('form', { name: 'Nuevo trabajador' });
      await workerForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(firstName);
      await workerForm.getByRole('textbox', { name: /^Apellidos( \*)?$/ }).fill(lastName);
      await workerForm.getByRole('textbox', { name: /^DNI\/NIE( \*)?$/ }).fill(workerDni);
      await workerForm.getByRole('textbox', { name: 'Nº de afiliación a la Seguridad Social (NAF)', exact: true }).fill(NAF);
      const workerCompany = workerForm.getByRole('combobox', { name: 'Empresa', exact: true });
      await workerCompany.locator('option', { hasText: companyName }).waitFor({ state: 'attached' });
      await workerCompany.selectOption({ label: companyName });
      await workerForm.getByRole('button', { name: 'Crear', exact: true }).click();
      await ap.waitForURL(/\/facilauto\/consulting\/trabajadores\/view\/[1-9]\d*$/);
      const workerId = idFromPath(ap);
      await ap.getByText(`Trabajador ${workerName} creado`, { exact: true }).first().waitFor();

      // 6. A course of the company at the centre: hours, dates, cost and "Finalizado".
      await sections(ap).getByRole('link', { name: 'Cursos', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/cursos');
      await ap.getByRole('link', { name: 'Nuevo curso', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/cursos/view/0');
      const courseForm = ap.getByRole('form', { name: 'Nuevo curso (acción formativa y grupo)' });
      await courseForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(courseName);
      await courseForm.getByRole('textbox', { name: 'Nº de acción formativa', exact: true }).fill('12');
      await courseForm.getByRole('textbox', { name: 'Nº de grupo', exact: true }).fill('3');
      await courseForm.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Finalizado' });
      await courseForm.getByRole('textbox', { name: 'Horas', exact: true }).fill(String(HOURS));
      await courseForm.getByLabel('Fecha de inicio', { exact: true }).fill(start);
      await courseForm.getByLabel('Fecha de fin', { exact: true }).fill(end);
      await courseForm.getByRole('textbox', { name: 'Coste', exact: true }).fill(COST_TYPED);
      const courseCentre = courseForm.getByRole('combobox', { name: 'Centro de formación', exact: true });
      await courseCentre.locator('option', { hasText: centreName }).waitFor({ state: 'attached' });
      await courseCentre.selectOption({ label: centreName });
      const courseCompany = courseForm.getByRole('combobox', { name: 'Empresa', exact: true });
      await courseCompany.locator('option', { hasText: companyName }).waitFor({ state: 'attached' });
      await courseCompany.selectOption({ label: companyName });
      await courseForm.getByRole('button', { name: 'Crear', exact: true }).click();
      await ap.waitForURL(/\/facilauto\/consulting\/cursos\/view\/[1-9]\d*$/);
      const courseId = idFromPath(ap);
      await ap.getByText(`Curso ${courseName} creado`, { exact: true }).first().waitFor();

      // The worker as a participant, with the course's finder (only the company's workers).
      const participants = ap.getByTestId('participants');
      await participants.getByRole('heading', { name: 'Participantes (0)', exact: true }).waitFor();
      await participants.getByText(`Solo se buscan trabajadores de ${companyName}, la empresa del curso.`, { exact: true }).waitFor();
      const finder = participants.getByRole('group', { name: 'Añadir participante', exact: true });
      const search = finder.getByRole('searchbox', { name: 'Buscar', exact: true });
      await search.fill(lastName);
      await search.press('Enter');
      await finder.getByRole('button', { name: `Elegir ${workerName}`, exact: true }).click();
      await ap.getByText(`Se ha añadido a ${workerName} al curso`, { exact: true }).first().waitFor();
      await participants.getByRole('heading', { name: 'Participantes (1)', exact: true }).waitFor();

      // 7. The course: notify FUNDAE two days before the start; its centre, company and participant.
      const checkCourse = async () => {
        const courseHead = ap.getByTestId('record-head');
        await courseHead.getByTestId('view-title').filter({ hasText: courseName }).waitFor();
        const notify = `Comunicar el inicio a FUNDAE hasta el ${shown(notifyBy)}`;
        await courseHead.getByTestId('fact-notify-by').filter({ hasText: notify }).waitFor();
        assert((await text(courseHead.getByTestId('fact-notify-by'))) === notify, `the course says ${await text(courseHead.getByTestId('fact-notify-by'))}`);
        await courseHead.getByTestId('fact-centre').getByRole('link', { name: centreName, exact: true }).waitFor();
        await courseHead.getByTestId('fact-company').getByRole('link', { name: companyName, exact: true }).waitFor();
        await courseHead.getByTestId('fact-participants').filter({ hasText: /^1$/ }).waitFor();
        const status = ap.getByRole('form', { name: 'Datos del curso' }).getByRole('combobox', { name: 'Estado', exact: true });
        assert((await status.inputValue()) === 'finished', `the course's status is ${await status.inputValue()}`);
        const row = ap.getByRole('table', { name: 'Participantes del curso', exact: true }).getByRole('row').filter({ has: ap.getByRole('link', { name: workerName, exact: true }) });
        await row.waitFor();
        const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
        assert(cells[0] === workerName && cells[1] === workerDni && cells[2] === companyName && cells[3] === 'Quitar', `the participant's row ${JSON.stringify(cells)}`);
        await row.getByRole('button', { name: `Quitar a ${workerName} del curso`, exact: true }).waitFor();
      };
      await checkCourse();
      await shot('131-consulting-course-participant');
      // Read again from the host: the same.
      await ap.reload();
      await checkCourse();

      // 8. The worker (from the participant): the course listed and its finished hours.
      await ap.getByRole('table', { name: 'Participantes del curso', exact: true }).getByRole('link', { name: workerName, exact: true }).click();
      await ap.waitForURL(`**/facilauto/consulting/trabajadores/view/${workerId}`);
      const workerHead = ap.getByTestId('record-head');
      await workerHead.getByTestId('view-title').filter({ hasText: workerName }).waitFor();
      await workerHead.getByTestId('fact-courses').filter({ hasText: /^1$/ }).waitFor();
      assert((await text(workerHead.getByTestId('fact-hours-finished'))) === `${HOURS} horas`, `the worker's finished hours read ${await text(workerHead.getByTestId('fact-hours-finished'))}`);
      const workerCourse = ap
        .getByTestId('detail-courses')
        .getByRole('table', { name: 'Cursos', exact: true })
        .getByRole('row')
        .filter({ has: ap.getByRole('link', { name: courseName, exact: true }) });
      await workerCourse.waitFor();
      const courseCells = (await workerCourse.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      assert(
        JSON.stringify(courseCells) === JSON.stringify([courseName, `${shown(start)} – ${shown(end)}`, String(HOURS), centreName, 'Finalizado']),
        `the worker's course row ${JSON.stringify(courseCells)}`,
      );
      await shot('132-consulting-worker');

      // Their file as a PDF: a download, and the host's answer.
      const pdfButton = workerHead.getByRole('button', { name: 'Descargar ficha (PDF)', exact: true });
      const [download] = await Promise.all([ap.waitForEvent('download'), pdfButton.click()]);
      const saved = await download.path();
      assert(saved, `the download failed: ${await download.failure()}`);
      const bytes = readFileSync(saved);
      assert(bytes.subarray(0, 4).toString('latin1') === '%PDF', `the download starts with ${JSON.stringify(bytes.subarray(0, 8).toString('latin1'))}`);
      log(`downloaded ${download.suggestedFilename()} (${bytes.length} bytes)`);
      const pdf = await api(ap, 'GET', `consulting/trabajador/pdf/${workerId}`);
      assert(pdf.content_type === 'application/pdf', `consulting/trabajador/pdf answers content_type ${pdf.content_type}`);
      assert(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString('latin1') === '%PDF', 'consulting/trabajador/pdf answers no PDF');
      assert(download.suggestedFilename() === pdf.filename, `downloaded as ${download.suggestedFilename()}, the host names it ${pdf.filename}`);
      await pdfButton.waitFor();

      // 9. The company (from the worker): the credit, used and left, in euros.
      await workerHead.getByTestId('fact-company').getByRole('link', { name: companyName, exact: true }).click();
      await ap.waitForURL(`**/facilauto/consulting/empresas/view/${companyId}`);
      const companyHead = ap.getByTestId('record-head');
      await companyHead.getByTestId('view-title').filter({ hasText: companyName }).waitFor();
      const expected = { credit: await euros(ap, CREDIT), used: await euros(ap, COST), left: await euros(ap, CREDIT - COST) };
      const facts = {
        workers: await text(companyHead.getByTestId('fact-workers')),
        credit: await text(companyHead.getByTestId('fact-credit')),
        used: await text(companyHead.getByTestId('fact-credit-used')),
        left: await text(companyHead.getByTestId('fact-credit-left')),
      };
      assert(
        facts.workers === '1' && facts.credit === expected.credit && facts.used === expected.used && facts.left === expected.left,
        `the company's facts ${JSON.stringify(facts)}, expected ${JSON.stringify({ workers: '1', ...expected })}`,
      );
      await ap.getByTestId('detail-courses').getByRole('link', { name: courseName, exact: true }).waitFor();
      await shot('133-consulting-company-credit');

      // Its row in the list, and the group's count.
      await companyHead.getByRole('link', { name: 'Volver a las empresas', exact: true }).click();
      await ap.waitForURL('**/facilauto/consulting/empresas');
      const companyRow = ap.getByRole('table', { name: 'Empresas', exact: true }).getByRole('row').filter({ has: ap.getByRole('link', { name: companyName, exact: true }) });
      await companyRow.waitFor();
      const rowCells = (await companyRow.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
      assert(JSON.stringify(rowCells) === JSON.stringify([companyName, taxCode, STORED_CCC, '1', groupName]), `the company's row ${JSON.stringify(rowCells)}`);
      await groupItem.getByTestId('group-count').filter({ hasText: /^1 empresa$/ }).waitFor();

      // 10. What the host stored.
      const company = await api(ap, 'GET', `consulting/empresas/read/${companyId}`);
      assert(
        company.name === companyName &&
          company.tax_code === taxCode &&
          company.contribution_account === STORED_CCC &&
          company.training_credit === CREDIT &&
          company.credit_used === COST &&
          company.credit_left === CREDIT - COST &&
          String(company.credit_year) === year &&
          company.workers === 1 &&
          company.group_id === groupId &&
          company.state === 'active',
        `consulting/empresas/read/${companyId} ${JSON.stringify(company)}`,
      );
      assert(
        company.courses?.length === 1 && company.courses[0].id === courseId && company.courses[0].status === 'finished' && company.courses[0].hours === HOURS,
        `the company's courses ${JSON.stringify(company.courses)}`,
      );
      const course = await api(ap, 'GET', `consulting/cursos/read/${courseId}`);
      const courseFields = [course.name, course.status, course.hours, course.start_date, course.end_date, course.cost, course.centre_id, course.company_id, course.workers, course.notify_by];
      assert(
        JSON.stringify(courseFields) === JSON.stringify([courseName, 'finished', HOURS, start, end, COST, centreId, companyId, [workerId], notifyBy]),
        `consulting/cursos/read/${courseId} ${JSON.stringify(courseFields)}`,
      );
      const worker = await api(ap, 'GET', `consulting/trabajadores/read/${workerId}`);
      assert(
        worker.dni === workerDni && worker.social_security_number === NAF && worker.company_id === companyId && worker.hours_finished === HOURS && worker.courses?.some((c) => c.id === courseId),
        `consulting/trabajadores/read/${workerId} ${JSON.stringify(worker)}`,
      );
    });
  } finally {
    await admin.context.close();
  }
}
