// Virtual classroom journey: the rooms plugin's remote loaded by the shell, its public link page
// opened without a session, and the meeting server's page intercepted (nothing leaves loopback).
//  37. the director opens "Gestión de aulas", sets the meeting server to https://meet.volante.test
//      in "Ajustes" (a name that never resolves: every request to it, in every browser of the
//      journey, is answered here with a small page, and any other address off loopback, such as
//      meet.jit.si, is refused and fails the journey), creates a room for tomorrow with the demo
//      teacher and a client contact (made through the API) as its student, and finds it in the
//      list; "Personas" shows the student's personal link; "Inspectores" gives an inspector access
//      with the link mailed (the mail in the outbox carries the same link). "Entrar en el aula"
//      opens the board (the director as manager), "Abrir reunión" puts the meeting in the page
//      (its frame on the school's server) and the director among those present. The student's
//      link, in a browser without a session, shows the room and the meeting; the inspector's, in
//      another, who is in it (the director and the student). "Terminar reunión" (asked first): the
//      student's page, read again, has no class on; "Informe" lists the meeting with its three
//      attendees and their minutes. The inspector's access taken away: "Sin acceso", "No hay
//      enlace disponible", and the link says it is no longer valid. What the host stored matches.
// It needs the host to have installed the rooms and contacts packages (`volante demo` with
// plugins.registry_dir); without them it is reported as skipped, with the reason. Names are
// unique per run.
import { join } from 'node:path';
import { api, artifacts, assert, emlText, launchChromium, outboxFiles, waitForMail } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

/** The school's meeting server for the journey: never resolved, always intercepted. */
const MEET_SERVER = 'https://meet.volante.test';
const MEET_PAGE = '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Jitsi</title></head><body><p>Reunión de prueba</p></body></html>';
const TEACHER = 'Pablo Profesor Demo';

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** `YYYY-MM-DD` in Spain (a room's times are Spain's) plus `days`. */
const spanishIso = (days) => spainDay.format(new Date(Date.now() + days * 86_400_000));

/**
 * Keeps a browser context on loopback: the meeting server's pages are answered with a small page
 * of its own, and any other request off loopback (meet.jit.si above all) is refused and listed in
 * `outside`, which the journey asserts empty. Answers the handler, to unroute it.
 */
async function keepOnLoopback(context, served, outside) {
  const offLoopback = (url) => /^https?:$/.test(url.protocol) && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const handler = async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${MEET_SERVER}/`)) {
      served.push(url);
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: MEET_PAGE });
    } else {
      outside.push(url);
      await route.abort('blockedbyclient');
    }
  };
  await context.route(offLoopback, handler);
  return () => context.unroute(offLoopback, handler);
}

/** A browser without a session, kept on loopback, with its first page and its page errors. */
async function visitorBrowser(served, outside) {
  const context = await launchChromium();
  await keepOnLoopback(context, served, outside);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function roomsJourneys({ host, browser, journey, skip }) {
  const { page, context, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('rooms') || !modules.includes('contacts')) {
    skip(
      ['teacher-gives-a-live-class'],
      `GET plugin/modules lists no rooms or contacts module (${JSON.stringify(modules)}): the host has not installed the rooms package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'teacher-gives-a-live-class', async () => {
    const roomName = `CAP en directo E2E ${stamp}`;
    const inspectorName = `Marta Inspectora ${stamp}`;
    const inspectorEmail = `inspeccion.${stamp.toLowerCase()}@dgt.example`;
    const { user } = await api(page, 'GET', 'user/verify');
    const director = `${user.first_name} ${user.last_name}`.trim();
    const day = spanishIso(1);
    const served = [];
    const outside = [];
    const unroute = await keepOnLoopback(context, served, outside);
    const visitors = [];
    try {
      // The meeting server, in "Ajustes" of "Gestión de aulas".
      await menu(page).getByRole('link', { name: 'Gestión de aulas', exact: true }).click();
      await page.waitForURL('**/room/list');
      await page.getByRole('table', { name: 'Aulas' }).waitFor();
      await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Ajustes del aula virtual' });
      const server = settings.getByRole('textbox', { name: /^Servidor de videoconferencia( \*)?$/ });
      await server.fill(`${MEET_SERVER}/`);
      await settings.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.getByText('Ajustes guardados').first().waitFor();
      await settings.waitFor({ state: 'detached' });
      const stored = await api(page, 'GET', 'athena/settings');
      assert(stored.meeting_server === MEET_SERVER, `stored settings ${JSON.stringify(stored)}`);

      // A student: a client contact with an e-mail address.
      const studentEmail = `lucia.${stamp.toLowerCase()}@example.es`;
      const contact = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Lucía', last_name: `Alumna ${stamp}`, email: studentEmail });
      const student = contact.display_name || `Lucía Alumna ${stamp}`;

      // The room, through the form: tomorrow, the demo teacher and the student found in contacts.
      await page.getByRole('button', { name: 'Nueva aula', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva aula' });
      const form = dialog.getByRole('form', { name: 'Nueva aula' });
      await form.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(roomName);
      await form.getByRole('combobox', { name: /^Profesor( \*)?$/ }).selectOption({ label: TEACHER });
      await form.getByLabel(/^Empieza( \*)?$/).fill(`${day}T10:00`);
      await form.getByLabel(/^Termina( \*)?$/).fill(`${day}T12:00`);
      await form.getByRole('textbox', { name: /^Descripción( \*)?$/ }).fill('Formación continua del CAP, en directo');
      const finder = form.getByRole('group', { name: 'Buscar un alumno entre los contactos' });
      await finder.getByRole('searchbox').fill(stamp);
      await finder.getByRole('button', { name: `Añadir a ${student}`, exact: true }).click();
      await form.getByTestId('chosen-student').filter({ hasText: student }).waitFor();
      await shot('153-rooms-new-room');
      await form.getByRole('button', { name: 'Crear aula', exact: true }).click();
      await page.getByText(`Aula ${roomName} creada`).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL(/\/room\/list\?id=[1-9]\d*$/);
      const roomId = Number(new URL(page.url()).searchParams.get('id'));
      const detail = page.getByTestId('room-detail');
      await detail.getByTestId('detail-name').filter({ hasText: roomName }).waitFor();

      // In the list, found by its name.
      await page.getByPlaceholder('Buscar por nombre o descripción').fill(stamp);
      const rows = page.getByRole('table', { name: 'Aulas' }).getByRole('row').filter({ hasText: roomName });
      await page.getByTestId('paginator-text').filter({ hasText: 'Viendo 1 a 1 de 1' }).waitFor();
      await rows.getByTestId('room-teacher').filter({ hasText: TEACHER }).waitFor();
      await rows.getByTestId('room-people').filter({ hasText: 'Personal: 0 · Alumnos: 1 · Inspectores: 0' }).waitFor();
      await rows.getByTestId('room-span').filter({ hasText: `${day.split('-').reverse().join('/')} 10:00–12:00` }).waitFor();

      // "Personas": the student with a personal link.
      const tabs = detail.getByRole('tablist', { name: 'Datos del aula' });
      await tabs.getByRole('tab', { name: 'Personas' }).click();
      const studentRow = detail.getByTestId('person-student').filter({ hasText: student });
      await studentRow.filter({ hasText: studentEmail }).waitFor();
      await detail.getByTestId('person-teacher').filter({ hasText: TEACHER }).waitFor();
      const studentUrl = new URL(await studentRow.getByTestId('student-link-url').getAttribute('href'));
      assert(studentUrl.origin === host.base && /^\/aula\/[\w-]+$/.test(studentUrl.pathname), `the student's link ${studentUrl.href}`);

      // "Inspectores": an inspector whose link is mailed.
      await tabs.getByRole('tab', { name: 'Inspectores' }).click();
      const before = outboxFiles(host.dataDir);
      await detail.getByRole('button', { name: 'Nuevo inspector', exact: true }).click();
      const inspectorDialog = page.getByRole('dialog', { name: 'Nuevo inspector' });
      await inspectorDialog.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(inspectorName);
      await inspectorDialog.getByRole('textbox', { name: /^Organismo( \*)?$/ }).fill('Jefatura Provincial de Tráfico de Madrid');
      await inspectorDialog.getByRole('textbox', { name: /^Correo electrónico( \*)?$/ }).fill(inspectorEmail);
      await inspectorDialog.getByRole('checkbox', { name: 'Enviar el enlace por correo' }).check();
      await inspectorDialog.getByRole('button', { name: 'Dar acceso', exact: true }).click();
      await page.getByText(`Inspector ${inspectorName} añadido: enlace enviado a ${inspectorEmail}`).first().waitFor();
      await inspectorDialog.waitFor({ state: 'detached' });
      const inspectors = detail.getByRole('table', { name: 'Inspectores del aula' });
      const inspectorRow = inspectors.getByRole('row').filter({ hasText: inspectorName });
      await inspectorRow.getByTestId('inspector-link-url').waitFor();
      const inspectorUrl = new URL(await inspectorRow.getByTestId('inspector-link-url').getAttribute('href'));
      assert(inspectorUrl.origin === host.base && /^\/aula\/[\w-]+$/.test(inspectorUrl.pathname) && inspectorUrl.pathname !== studentUrl.pathname, `the inspector's link ${inspectorUrl.href}`);
      const mail = await waitForMail(host.dataDir, before, `Acceso de inspección al aula virtual: ${roomName}`);
      const to = /^to:[ \t]*(.*)$/im.exec(mail)?.[1] ?? '';
      assert(to.includes(inspectorEmail), `the mail is to ${to}`);
      const mailed = /https?:\/\/\S+\/aula\/[\w-]+/.exec(emlText(mail))?.[0];
      assert(mailed === inspectorUrl.href, `the mail carries ${mailed}, the screen ${inspectorUrl.href}`);
      await shot('154-rooms-inspector');

      // The board, as the director (a manager of the room): the meeting opened on the school's server.
      await detail.getByRole('link', { name: 'Entrar en el aula', exact: true }).click();
      await page.waitForURL(`**/pizarra/open?room=${roomId}`);
      const board = page.getByTestId('pizarra');
      await board.getByTestId('pizarra-name').filter({ hasText: roomName }).waitFor();
      await board.getByTestId('pizarra-kind').filter({ hasText: 'Gestión' }).waitFor();
      await board.getByTestId('no-meeting').waitFor();
      await board.getByRole('button', { name: 'Abrir reunión', exact: true }).click();
      await page.getByText('Reunión abierta', { exact: true }).first().waitFor();
      const frame = board.getByTestId('meeting-frame');
      await frame.waitFor();
      const meetingUrl = await frame.getAttribute('src');
      assert(meetingUrl.startsWith(`${MEET_SERVER}/volante-`), `the meeting's frame opens ${meetingUrl}`);
      assert((await board.getByTestId('meeting-link').getAttribute('href')) === meetingUrl, 'the meeting link opens another address');
      await page.frameLocator('[data-testid="meeting-frame"]').getByText('Reunión de prueba').waitFor();
      await board.getByTestId('meeting-started').filter({ hasText: director }).waitFor();
      const present = board.getByTestId('present');
      await present.getByTestId('present-person').filter({ hasText: director }).waitFor();
      await shot('155-rooms-meeting-open');

      // The student's link, in a browser without a session: the room and its meeting.
      const studentBrowser = await visitorBrowser(served, outside);
      visitors.push(studentBrowser);
      const studentPage = studentBrowser.page;
      await studentPage.goto(`${host.base}${studentUrl.pathname}`);
      await studentPage.getByTestId('public-layout').waitFor();
      await studentPage.getByTestId('join-name').filter({ hasText: roomName }).waitFor();
      await studentPage.getByTestId('join-who').filter({ hasText: `Hola, ${student}.` }).waitFor();
      assert((await studentPage.getByRole('complementary', { name: 'Menú principal' }).count()) === 0, "the student's page shows the back-office menu");
      const studentFrame = studentPage.getByTestId('meeting-frame');
      await studentFrame.waitFor();
      assert((await studentFrame.getAttribute('src')) === meetingUrl, `the student's frame opens ${await studentFrame.getAttribute('src')}`);
      await studentPage.frameLocator('[data-testid="meeting-frame"]').getByText('Reunión de prueba').waitFor();
      assert((await studentPage.getByTestId('present').count()) === 0, 'a student sees who is in the meeting');
      await studentPage.screenshot({ path: join(artifacts, '156-rooms-student-in-class.png'), fullPage: true });

      // The inspector's link, in another: who is in the meeting now.
      const inspectorBrowser = await visitorBrowser(served, outside);
      visitors.push(inspectorBrowser);
      const inspectorPage = inspectorBrowser.page;
      await inspectorPage.goto(`${host.base}${inspectorUrl.pathname}`);
      await inspectorPage.getByTestId('join-name').filter({ hasText: roomName }).waitFor();
      await inspectorPage.getByTestId('join-who').filter({ hasText: `Acceso de inspección de ${inspectorName}.` }).waitFor();
      await inspectorPage.getByTestId('meeting-frame').waitFor();
      const watched = inspectorPage.getByTestId('present');
      await watched.getByTestId('present-person').filter({ hasText: director }).filter({ hasText: 'Gestión' }).waitFor();
      await watched.getByTestId('present-person').filter({ hasText: student }).filter({ hasText: 'Alumno' }).waitFor();
      await inspectorPage.screenshot({ path: join(artifacts, '157-rooms-inspector-watches.png'), fullPage: true });

      // The director's board read again (it asks every minute): the three are there.
      await page.reload();
      for (const name of [director, student, inspectorName]) await present.getByTestId('present-person').filter({ hasText: name }).waitFor();
      await present.getByRole('heading', { name: 'En la reunión ahora (3)' }).waitFor();

      // The class ends: the student's page, read again, has no class on.
      await board.getByRole('button', { name: 'Terminar reunión', exact: true }).click();
      const ask = page.getByRole('alertdialog', { name: 'Terminar la reunión' });
      await ask.getByText(`¿Terminar la reunión de «${roomName}»?`).waitFor();
      await ask.getByRole('button', { name: 'Terminar', exact: true }).click();
      await page.getByText('Reunión terminada', { exact: true }).first().waitFor();
      await board.getByTestId('no-meeting').waitFor();
      assert((await board.getByTestId('meeting-frame').count()) === 0, 'the ended meeting stays in the board');
      await studentPage.reload();
      await studentPage.getByTestId('join-name').filter({ hasText: roomName }).waitFor();
      // (read again, the page cannot tell an ended class from one not begun: the host says no more)
      await studentPage.getByTestId('waiting').filter({ hasText: /La clase (aún no ha empezado|ha terminado)/ }).waitFor();
      assert((await studentPage.getByTestId('meeting-frame').count()) === 0, "the student's page still shows the meeting");
      assert(studentBrowser.errors.length === 0 && inspectorBrowser.errors.length === 0, `errors in the public pages: ${[...studentBrowser.errors, ...inspectorBrowser.errors].join(' | ')}`);

      // "Informe": the meeting with its three attendees and their minutes.
      await page.goto(`${host.base}/room/list?id=${roomId}`);
      await detail.getByTestId('detail-name').filter({ hasText: roomName }).waitFor();
      await tabs.getByRole('tab', { name: 'Informe' }).click();
      const report = detail.getByTestId('report');
      const meeting = report.getByTestId('report-meeting');
      await meeting.getByTestId('report-meeting-title').filter({ hasText: /^Reunión del .+ al .+$/ }).waitFor();
      await meeting.getByTestId('report-meeting-facts').filter({ hasText: new RegExp(`^Abierta por ${director} · \\d+ minutos?$`) }).waitFor();
      assert((await meeting.count()) === 1, `the report shows ${await meeting.count()} meetings`);
      const attendees = (await meeting.getByTestId('report-attendee').allTextContents()).map((t) => t.trim());
      assert(JSON.stringify(attendees) === JSON.stringify([director, student, inspectorName]), `the report's attendees ${JSON.stringify(attendees)}`);
      const people = report.getByRole('table', { name: 'Total por persona' });
      for (const [name, kind] of [[director, 'Gestión'], [student, 'Alumno'], [inspectorName, 'Inspector']]) {
        await people.getByRole('row').filter({ hasText: name }).filter({ hasText: kind }).filter({ hasText: /\d+ minutos?/ }).waitFor();
      }
      await shot('158-rooms-report');
      const stored1 = await api(page, 'GET', `athena/reports/${roomId}`);
      const [held] = stored1.meetings;
      assert(stored1.room.name === roomName && stored1.room.teacher_name === TEACHER && stored1.meetings.length === 1, `stored report ${JSON.stringify(stored1)}`);
      assert(held.ended_at && held.started_by_name === director && held.minutes >= 1, `stored meeting ${JSON.stringify(held)}`);
      assert(
        JSON.stringify(held.attendees.map((a) => [a.kind, a.name])) === JSON.stringify([['manager', director], ['student', student], ['inspector', inspectorName]]) &&
          held.attendees.every((a) => a.minutes >= 1),
        `stored attendees ${JSON.stringify(held.attendees)}`,
      );
      assert(
        JSON.stringify(stored1.people.map((p) => [p.kind, p.name, p.meetings])) === JSON.stringify([['manager', director, 1], ['student', student, 1], ['inspector', inspectorName, 1]]) &&
          stored1.people.every((p) => p.minutes >= 1),
        `stored people ${JSON.stringify(stored1.people)}`,
      );

      // The inspector's access taken away: no link, and the link no longer opens the room.
      await tabs.getByRole('tab', { name: 'Inspectores' }).click();
      await inspectorRow.getByRole('button', { name: `Eliminar al inspector ${inspectorName}`, exact: true }).click();
      const remove = page.getByRole('alertdialog', { name: 'Eliminar el inspector' });
      await remove.getByText(`¿Quitar el acceso a ${inspectorName}?`).waitFor();
      await remove.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await page.getByText(`Inspector ${inspectorName} eliminado`).first().waitFor();
      await inspectorRow.getByTestId('inspector-removed').filter({ hasText: 'Sin acceso' }).waitFor();
      await inspectorRow.getByTestId('inspector-link-none').filter({ hasText: 'No hay enlace disponible' }).waitFor();
      assert((await inspectorRow.getByRole('button', { name: `Eliminar al inspector ${inspectorName}` }).count()) === 0, 'the removed inspector can still be removed');
      await shot('159-rooms-inspector-removed');
      await inspectorPage.reload();
      await inspectorPage.getByTestId('link-expired').getByRole('heading', { name: 'Este enlace ya no es válido' }).waitFor();
      assert((await inspectorPage.getByTestId('join-name').count()) === 0, 'the removed inspector still sees the room');

      // What the host stored.
      const room = await api(page, 'GET', `athena/read?id=${roomId}`);
      assert(
        room.name === roomName && room.teacher_name === TEACHER && room.starts_at === `${day}T10:00` && room.ends_at === `${day}T12:00` && room.meeting === null,
        `stored room ${JSON.stringify(room)}`,
      );
      assert(
        room.students.length === 1 && room.students[0].contact_id === contact.id && room.students[0].email === studentEmail && room.students[0].url === studentUrl.href,
        `stored students ${JSON.stringify(room.students)}`,
      );
      assert(
        room.inspectors.length === 1 && room.inspectors[0].name === inspectorName && room.inspectors[0].email === inspectorEmail && room.inspectors[0].state === 'deleted' && room.inspectors[0].url === null,
        `stored inspectors ${JSON.stringify(room.inspectors)}`,
      );
      assert(served.includes(meetingUrl), `the meeting server was asked for ${JSON.stringify(served)}`);
      assert(outside.length === 0, `requests off loopback: ${JSON.stringify(outside)}`);
    } finally {
      for (const visitor of visitors) await visitor.context.close();
      await unroute();
    }
  });
}
