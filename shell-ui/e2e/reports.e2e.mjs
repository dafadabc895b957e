// The provider's reports on a school's user: the "Informes" tab of a business
// (`user/sessions/generate`, and the clock plugin's `user/controlhorario/generate`).
//  47. the demo director signs in, in a browser of their own (a session open today); the provider
//      administrator, in another, opens the demo school's page, tab "Informes": "Usuario" lists the
//      director as "name — e-mail (role)"; for today ("Desde" and "Hasta"), "Ver sesiones" asks for
//      `{school}/{director}/{today}/{today}/1?ranges=0` and lists at least one session "Abierta",
//      as the host answers; with "Detallar tramos" (ranges=1) "Tramos por día" has today's row with
//      its stretches; "Imprimir" prints and only the report is on the paper. Then, when the demo
//      school has the clock service, the director clocks in and out (API, in their browser) and
//      "Registro de jornada (PDF)" downloads the host's PDF (a `.pdf` file starting with %PDF);
//      without the service that part is reported as skipped, with the reason (the button is
//      checked disabled, saying why).
// It needs no plugin for the sessions (the host's); the record needs the clock package. No exact
// times are asserted (a run may cross midnight): today is the form's own default "Hasta".
import { readFileSync } from 'node:fs';
import { USERS, api, assert, log, openBrowser, signIn } from './harness.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
/** `YYYY-MM-DD` as the screens show a date: `DD/MM/YYYY`. */
const spanishDate = (day) => day.split('-').reverse().join('/');
/** A table's body rows as their cells' texts. */
const rowTexts = async (table) => {
  const rows = table.locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim()));
  return out;
};
/** The next answer of the host to `GET /api/<path>` (the path exactly, any query). */
const answerTo = (page, path) => page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/${path}`);
/** A day's stretches as the report writes them: "09:00–10:30, 11:00–12:15". */
const STRETCHES = /^\d{2}:\d{2}–\d{2}:\d{2}(, \d{2}:\d{2}–\d{2}:\d{2})*$/;

export async function reportsJourneys({ host, journey, skip }) {
  const name = 'provider-reports-user-sessions-and-clock-record';
  /** The record's part, reported as skipped (with the reason) when the school lacks the clock service. */
  const recordPart = 'provider-reports-clock-record-pdf';
  const admin = await openBrowser();
  let director = null;
  try {
    await journey(admin, name, async () => {
      const ap = admin.page;

      // 1. The director signs in in a browser of their own: a session open today.
      director = await openBrowser();
      const dp = director.page;
      await signIn(dp, host, USERS.director);

      // 2. The provider administrator finds the demo school, its services and the director.
      await signIn(ap, host, USERS.admin);
      const all = await api(ap, 'GET', 'business/read?all=true');
      const demo = all.find((b) => b.name === 'Autoescuela Demo');
      assert(demo, `business/read?all=true has no "Autoescuela Demo": ${JSON.stringify(all.map((b) => b.name))}`);
      const schoolId = demo.business_id;
      const services = ((await api(ap, 'GET', `business/read?business_id=${schoolId}`)).services ?? []).map((s) => s.id);
      const card = await api(ap, 'GET', `business/ficha/read?business_id=${schoolId}`);
      const listed = card.users?.list ?? [];
      const me = listed.find((u) => u.email === USERS.director);
      assert(me, `business/ficha/read lists no ${USERS.director}: ${JSON.stringify(listed.map((u) => u.email))}`);

      // 3. The school's page, tab "Informes".
      await ap.goto(`${host.base}/facilauto/business/view/${schoolId}`);
      await ap.getByRole('heading', { level: 1, name: 'Autoescuela Demo', exact: true }).waitFor();
      await ap.getByRole('tab', { name: 'Informes', exact: true }).click();
      await ap.waitForURL((url) => url.pathname === `/facilauto/business/view/${schoolId}` && url.searchParams.get('tab') === 'reports');
      const section = ap.getByRole('region', { name: 'Informes de un usuario', exact: true });
      const form = section.getByRole('form', { name: 'Informes de un usuario', exact: true });
      await form.waitFor();
      const audit = await text(section.getByTestId('provider-reports-audit'));
      assert(audit === 'Cada informe queda registrado en el historial de auditoría de la empresa.', `the audit note reads ${JSON.stringify(audit)}`);
      const user = form.getByRole('combobox', { name: 'Usuario', exact: true });
      const from = form.getByLabel('Desde', { exact: true });
      const to = form.getByLabel('Hasta', { exact: true });
      const ranges = form.getByRole('checkbox', { name: 'Detallar tramos', exact: true });
      const show = form.getByRole('button', { name: 'Ver sesiones', exact: true });
      const pdfButton = form.getByRole('button', { name: 'Registro de jornada (PDF)', exact: true });

      // Every user of the school, the director as "name — e-mail (role)".
      const options = (await user.locator('option').allTextContents()).slice(1);
      assert(options.length === listed.length, `"Usuario" offers ${options.length} users, the host lists ${listed.length}`);
      const expectedOption = `${me.name || me.email} — ${me.email}${me.role ? ` (${me.role})` : ''}${me.active ? '' : ' (inactivo)'}`;
      assert(options.includes(expectedOption), `"Usuario" offers ${JSON.stringify(options)}, not ${JSON.stringify(expectedOption)}`);
      await user.selectOption({ value: String(me.user_id) });

      // Today: the form's default "Hasta" (Spain's day); "Desde" set to it too.
      const today = await to.inputValue();
      assert(/^\d{4}-\d{2}-\d{2}$/.test(today) && (await from.inputValue()) === `${today.slice(0, 8)}01`, `the default period is ${await from.inputValue()} to ${today}`);
      await from.fill(today);
      const path = `user/sessions/generate/${schoolId}/${me.user_id}/${today}/${today}/1`;

      // 4. "Ver sesiones": at least one open session today.
      let answered = answerTo(ap, path);
      await show.click();
      let response = await answered;
      assert(new URL(response.url()).searchParams.get('ranges') === '0', `the sessions were asked for with ${response.url()}`);
      let report = await response.json();
      assert(report.success && report.data.user.user_id === me.user_id && report.data.sessions.some((s) => s.state === 'open'), `user/sessions/generate answered ${JSON.stringify(report)}`);
      const shownName = report.data.user.name || report.data.user.email;
      const table = ap.getByRole('table', { name: `Sesiones de ${shownName}`, exact: true });
      await table.waitFor();
      const open = table.getByRole('row').filter({ hasText: 'Abierta' });
      await open.first().waitFor();
      const rows = await rowTexts(table);
      assert(rows.length === report.data.sessions.length, `the table has ${rows.length} rows, the host ${report.data.sessions.length} sessions`);
      assert(JSON.stringify(rows.map((r) => r[0])) === JSON.stringify(report.data.sessions.map((s) => s.started_local)), `the table's starts ${JSON.stringify(rows.map((r) => r[0]))}`);
      assert((await ap.getByRole('table', { name: 'Tramos por día', exact: true }).count()) === 0, '"Tramos por día" shows without "Detallar tramos"');
      await admin.shot('201-reports-sessions');

      // 5. "Detallar tramos": today's stretches.
      await ranges.check();
      answered = answerTo(ap, path);
      await show.click();
      response = await answered;
      assert(new URL(response.url()).searchParams.get('ranges') === '1', `the stretches were asked for with ${response.url()}`);
      report = await response.json();
      assert(report.success && report.data.days?.length === 1 && report.data.days[0].date === today && report.data.days[0].ranges.length >= 1, `user/sessions/generate?ranges=1 answered ${JSON.stringify(report)}`);
      const days = ap.getByRole('table', { name: 'Tramos por día', exact: true });
      await days.waitFor();
      const dayRows = await rowTexts(days);
      assert(dayRows.length === 1 && dayRows[0][0] === spanishDate(today) && STRETCHES.test(dayRows[0][1]), `"Tramos por día" reads ${JSON.stringify(dayRows)}`);
      await admin.shot('202-reports-ranges');

      // 6. "Imprimir": only the report on the paper.
      await ap.evaluate(() => {
        window.__printed = 0;
        window.print = () => {
          window.__printed += 1;
        };
      });
      await ap.getByRole('button', { name: 'Imprimir', exact: true }).click();
      assert((await ap.evaluate(() => window.__printed)) === 1, '"Imprimir" did not print');
      const sheet = ap.getByRole('article', { name: `Informe de sesiones de ${shownName}`, exact: true });
      await ap.emulateMedia({ media: 'print' });
      assert(!(await menu(ap).isVisible()) && !(await ap.getByRole('tablist').isVisible()) && !(await form.isVisible()) && !(await ap.getByRole('button', { name: 'Imprimir', exact: true }).isVisible()), 'the menu, the tabs, the form or the button would be printed');
      assert((await sheet.isVisible()) && (await days.isVisible()), 'the report would not be printed');
      await admin.shot('203-reports-print');
      await ap.emulateMedia({ media: 'screen' });

      // 7. The time-clock record, when the school has the clock service.
      if (!services.includes('clock')) {
        skip([recordPart], `Autoescuela Demo lacks the clock service (its services: ${JSON.stringify(services)}): the clock package is not installed or not switched on for it`);
        assert(await pdfButton.isDisabled(), '"Registro de jornada (PDF)" is enabled without the clock service');
        await form.getByTestId('provider-reports-no-clock').filter({ hasText: /^La empresa no tiene el servicio de control horario$/ }).waitFor();
        return;
      }
      // The director clocks in and out (an open day is finished; a pause is resumed first).
      const status = await api(dp, 'GET', 'clock/is_open');
      if (status.state !== 'working') await api(dp, 'POST', 'clock/init', {});
      const closed = await api(dp, 'POST', 'clock/finish', {});
      assert(closed.state === 'closed' && !closed.open, `clock/finish answered ${JSON.stringify(closed)}`);

      assert(await pdfButton.isEnabled(), '"Registro de jornada (PDF)" is disabled with the clock service');
      const recordPath = `user/controlhorario/generate/${schoolId}/${me.user_id}/${today}/${today}/1`;
      const recordAnswered = answerTo(ap, recordPath);
      const [download] = await Promise.all([ap.waitForEvent('download'), pdfButton.click()]);
      const recordResponse = await recordAnswered;
      assert(new URL(recordResponse.url()).searchParams.get('ranges') === '1', `the record was asked for with ${recordResponse.url()}`);
      const saved = await download.path();
      assert(saved, `the download failed: ${await download.failure()}`);
      const bytes = readFileSync(saved);
      assert(download.suggestedFilename().endsWith('.pdf'), `downloaded as ${download.suggestedFilename()}`);
      assert(bytes.subarray(0, 4).toString('latin1') === '%PDF', `the download starts with ${JSON.stringify(bytes.subarray(0, 8).toString('latin1'))}`);
      log(`downloaded ${download.suggestedFilename()} (${bytes.length} bytes)`);
      await ap.getByText(`Registro de jornada de ${me.name || me.email} descargado`, { exact: true }).first().waitFor();
      await admin.shot('204-reports-clock-record');
    });
  } finally {
    await director?.context.close();
    await admin.context.close();
  }
}
