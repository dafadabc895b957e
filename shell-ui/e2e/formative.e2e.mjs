// Formative contents journey: the formative plugin's remote loaded by the shell, and its public
// reading page opened without a session.
//  38. a syllabus "Permiso B" (two themes, four subthemes, each with a section's text, a PDF sheet
//      on the second) and a client contact with an e-mail address are set up through the API. The
//      director opens "Contenidos formativos", creates a content of that syllabus with "Nuevo
//      contenido" (name, category, hours, days of access; in development, so "Alumnos" cannot
//      assign it yet), publishes it with "Editar", and in "Alumnos" assigns it to the contact with
//      50 % of the lessons open and "Enviar el enlace por correo": the row shows 0 % and the mail
//      in the outbox carries the same link as the row's "Abrir". The link, in a browser without a
//      session: the course with lessons 1–2 open and 3–4 "No incluida" (not buttons), "Empezar"
//      opens lesson 1 (its section's text), "Marcar como hecha" (25 %), "Siguiente" to lesson 2
//      (its sheet served through the link), done (50 %), "Siguiente" not offered, and lesson 3
//      asked for by its address is refused ("Esta lección no está incluida en su acceso"). The
//      director's "Lecciones" shows two done, two not included; "Editar" raises the share to
//      100 %, the student reloads, "Continuar", finishes lessons 3 and 4 (100 %). Another student
//      (set up through the API) has done lesson 1. "Alumnos al 90 %" lists the first student only,
//      "Avance por bloques" shows each block's started and completed students and averages (75 %
//      and 50 %, 62,5 % in all). "Pausar": the link says "Su acceso está en pausa"; "Reanudar"
//      opens it again. What the host stored matches, and the list shows the content's 2 students.
// It needs the host to have installed the formative, temary and contacts packages (`volante demo`
// with plugins.registry_dir); without them it is reported as skipped, with the reason. Names are
// unique per run.
import { join } from 'node:path';
import { api, artifacts, assert, emlText, launchChromium, outboxFiles, waitForMail } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';
import { onePagePdf } from './agreements.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();
const cellsOf = async (row) => (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** `YYYY-MM-DD` in Spain (an assignment's days are Spain's) plus `days`. */
const spanishIso = (days) => spainDay.format(new Date(Date.now() + days * 86_400_000));
/** `YYYY-MM-DD` as the screens show it, `DD/MM/YYYY`. */
const shown = (iso) => iso.split('-').reverse().join('/');

/** A public call to the host (no session), as the student's page makes it. */
async function publicCall(host, method, path, body) {
  const response = await fetch(`${host.base}/api/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** A sheet uploaded to a subtheme with the signed-in page's session (multipart, as the temary screens send it). */
async function uploadSheet(page, subthemeId, name, bytes, description) {
  return page.evaluate(
    async ({ subthemeId, name, bytes, description }) => {
      const form = new FormData();
      form.append('subtheme_id', String(subthemeId));
      form.append('description', description);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const response = await fetch('/api/temary/subtheme/sheet/upload', {
        method: 'POST',
        headers: { Authorization: `Token ${localStorage.getItem('volante.token')}` },
        body: form,
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(`POST temary/subtheme/sheet/upload: ${JSON.stringify(answer.error)}`);
      return answer.data;
    },
    { subthemeId, name, bytes: [...bytes], description },
  );
}

export async function formativeJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!['formative', 'temary', 'contacts'].every((id) => modules.includes(id))) {
    skip(
      ['student-studies-a-formative-content'],
      `GET plugin/modules lists no formative, temary or contacts module (${JSON.stringify(modules)}): the host has not installed the formative package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'student-studies-a-formative-content', async () => {
    const syllabusName = `Permiso B E2E ${stamp}`;
    const contentName = `Teórico del permiso B ${stamp}`;
    const rules = `Normas de circulación ${stamp}`;
    const signs = `Señales ${stamp}`;
    const lessonTitles = [`La vía pública ${stamp}`, `La velocidad ${stamp}`, `Señales verticales ${stamp}`, `Marcas viales ${stamp}`];
    const sectionTitles = ['Qué es la vía', 'Límites genéricos', 'Señales de prohibición', 'Líneas y flechas'];
    const sectionTexts = [
      'La vía pública es todo camino abierto al tráfico.\nSe divide en calzada, arcén y aceras.',
      'En autopista y autovía, 120 km/h.\nEn vía urbana, 50, 30 o 20 km/h según los carriles.',
      'Círculo con borde rojo: prohíbe.\nCírculo azul: obliga.',
      'Línea continua: no se cruza.\nLínea discontinua: se puede cruzar para adelantar.',
    ];
    const pdfName = `limites-${stamp.toLowerCase()}.pdf`;
    const pdf = onePagePdf(`LIMITES DE VELOCIDAD ${stamp}`);
    const studentEmail = `lucia.${stamp.toLowerCase()}@example.es`;
    const visitors = [];
    try {
      // Set-up through the API: the syllabus (2 themes, 4 subthemes, a section each, a sheet on
      // the second) and the students' contacts.
      const syllabus = await api(page, 'POST', 'temary/create', { name: syllabusName, category: 'B', description: 'El temario teórico del permiso B', status: 'publish' });
      const subthemeIds = [];
      for (const [theme, lessons] of [
        [rules, [0, 1]],
        [signs, [2, 3]],
      ]) {
        const created = await api(page, 'POST', 'temary/theme/create', { temary_id: syllabus.id, title: theme, description: '' });
        for (const i of lessons) {
          const subtheme = await api(page, 'POST', 'temary/subtheme/create', { theme_id: created.id, title: lessonTitles[i], description: '' });
          await api(page, 'POST', 'temary/subtheme/section/create', { subtheme_id: subtheme.id, title: sectionTitles[i], content: sectionTexts[i] });
          subthemeIds.push(subtheme.id);
        }
      }
      const sheet = await uploadSheet(page, subthemeIds[1], pdfName, pdf, 'Los límites, para repasar');
      assert(sheet.size === pdf.length && sheet.file_id, `the sheet uploaded ${JSON.stringify(sheet)}`);
      const contact = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Lucía', last_name: `Alumna ${stamp}`, email: studentEmail });
      const student = contact.display_name || `Lucía Alumna ${stamp}`;
      const other = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Mario', last_name: `Alumno ${stamp}`, email: `mario.${stamp.toLowerCase()}@example.es` });

      // "Contenidos formativos": a new content of that syllabus, in development.
      await menu(page).getByRole('link', { name: 'Contenidos formativos', exact: true }).click();
      await page.waitForURL('**/formative/content/list');
      await page.getByRole('table', { name: 'Contenidos formativos' }).waitFor();
      await page.getByRole('button', { name: 'Nuevo contenido', exact: true }).click();
      const createDialog = page.getByRole('dialog', { name: 'Nuevo contenido' });
      const form = createDialog.getByRole('form', { name: 'Nuevo contenido' });
      const accessDays = form.getByRole('textbox', { name: /^Días de acceso( \*)?$/ });
      assert((await accessDays.inputValue()) === '90', `a new content's days of access are ${await accessDays.inputValue()}`);
      assert((await form.getByRole('combobox', { name: 'Estado', exact: true }).inputValue()) === 'developing', 'a new content is not in development');
      await form.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(contentName);
      await form.getByRole('textbox', { name: 'Categoría', exact: true }).fill('B');
      await form.getByRole('textbox', { name: /^Horas( \*)?$/ }).fill('12');
      await accessDays.fill('60');
      await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill('La teoría del permiso B, a su ritmo');
      const syllabi = form.getByTestId('syllabi-field');
      await syllabi.getByTestId('no-syllabi').waitFor();
      await syllabi.getByRole('combobox', { name: 'Añadir un temario' }).selectOption({ label: `${syllabusName} · B` });
      await syllabi.getByRole('button', { name: 'Añadir', exact: true }).click();
      await syllabi.getByRole('list', { name: 'Temarios elegidos' }).getByTestId('chosen-syllabus').filter({ hasText: syllabusName }).waitFor();
      await shot('161-formative-new-content');
      await form.getByRole('button', { name: 'Crear contenido', exact: true }).click();
      await page.getByText(`Contenido ${contentName} creado`).first().waitFor();
      await createDialog.waitFor({ state: 'detached' });
      await page.waitForURL(/\/formative\/content\/view\/[1-9]\d*$/);
      const contentId = Number(new URL(page.url()).pathname.split('/').pop());
      const view = page.getByTestId('content-view');
      await view.getByTestId('content-title').filter({ hasText: contentName }).waitFor();
      await view.getByTestId('status').filter({ hasText: 'En desarrollo' }).first().waitFor();

      // "Contenido": its figures, data and outline (the four subthemes, numbered as lessons).
      const tabs = view.getByRole('tablist', { name: 'Datos del contenido' });
      await view.getByTestId('figure-lessons').filter({ hasText: /Lecciones\s*4/ }).waitFor();
      await view.getByTestId('figure-students').filter({ hasText: /Alumnos\s*0/ }).waitFor();
      assert((await text(view.getByTestId('fact-hours'))) === '12 horas', `the content's hours ${await text(view.getByTestId('fact-hours'))}`);
      assert((await text(view.getByTestId('fact-access'))) === '60 días', `the content's access ${await text(view.getByTestId('fact-access'))}`);
      const outline = (await view.getByTestId('outline-lesson').allTextContents()).map((t) => t.trim());
      assert(JSON.stringify(outline) === JSON.stringify(lessonTitles.map((title, i) => `Lección ${i + 1}: ${title}`)), `the outline ${JSON.stringify(outline)}`);

      // In development it cannot be assigned: "Alumnos" says so.
      await tabs.getByRole('tab', { name: 'Alumnos' }).click();
      await view.getByText('El contenido está en desarrollo: publíquelo para asignarlo a más alumnos.').waitFor();
      assert(await view.getByRole('button', { name: 'Asignar alumnos', exact: true }).isDisabled(), 'a content in development can be assigned');

      // Published with "Editar".
      await tabs.getByRole('tab', { name: 'Contenido' }).click();
      await view.getByRole('button', { name: 'Editar', exact: true }).click();
      const editDialog = page.getByRole('dialog', { name: `Editar ${contentName}` });
      await editDialog.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Publicado' });
      const updated = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/formative/content/update');
      await editDialog.getByRole('button', { name: 'Guardar cambios', exact: true }).click();
      const updateBody = (await updated).postDataJSON();
      assert(updateBody.id === contentId && updateBody.status === 'publish' && Object.keys(updateBody).sort().join() === 'id,status', `formative/content/update got ${JSON.stringify(updateBody)}`);
      await page.getByText(`Contenido ${contentName} guardado`).first().waitFor();
      await editDialog.waitFor({ state: 'detached' });
      await view.getByTestId('status').filter({ hasText: 'Publicado' }).first().waitFor();

      // "Alumnos": the contact, half of the lessons open, the link mailed.
      await tabs.getByRole('tab', { name: 'Alumnos' }).click();
      const students = view.getByRole('table', { name: 'Alumnos del contenido' });
      await students.waitFor();
      await view.getByRole('button', { name: 'Asignar alumnos', exact: true }).click();
      const assignDialog = page.getByRole('dialog', { name: `Asignar ${contentName}` });
      const finder = assignDialog.getByRole('group', { name: 'Buscar un alumno entre los contactos' });
      await finder.getByRole('searchbox').fill(stamp);
      await finder.getByRole('button', { name: `Añadir a ${student}`, exact: true }).click();
      await assignDialog.getByTestId('chosen-student').filter({ hasText: student }).waitFor();
      await assignDialog.getByRole('textbox', { name: /^Lecciones abiertas \(%\)( \*)?$/ }).fill('50');
      await assignDialog.getByRole('checkbox', { name: 'Enviar el enlace por correo' }).check();
      await shot('162-formative-assign');
      const before = outboxFiles(host.dataDir);
      const assigned = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/formative/assignment/create');
      await assignDialog.getByRole('button', { name: 'Asignar', exact: true }).click();
      const assignBody = (await assigned).postDataJSON();
      assert(
        assignBody.content_id === contentId &&
          JSON.stringify(assignBody.contact_ids) === JSON.stringify([contact.id]) &&
          assignBody.percentage === 50 &&
          assignBody.send === true &&
          Object.keys(assignBody).sort().join() === 'contact_ids,content_id,percentage,send',
        `formative/assignment/create got ${JSON.stringify(assignBody)}`,
      );
      await page.getByText('Contenido asignado a 1 alumno; enlaces enviados: 1').first().waitFor();
      await assignDialog.waitFor({ state: 'detached' });
      const row = students.getByRole('row').filter({ hasText: student });
      await row.getByRole('progressbar', { name: `Progreso de ${student}` }).waitFor();
      const progressOf = async () => Number(await row.getByRole('progressbar', { name: `Progreso de ${student}` }).getAttribute('aria-valuenow'));
      assert((await progressOf()) === 0, `the new assignment's progress is ${await progressOf()}`);
      await row.getByTestId('progress').filter({ hasText: '0 de 4 lecciones' }).waitFor();
      await row.getByTestId('assignment-status').filter({ hasText: 'En curso' }).waitFor();
      const starts = spanishIso(0);
      const ends = spanishIso(60);
      let cells = await cellsOf(row);
      assert(cells[0] === `${student}${studentEmail}` && cells[1] === `${shown(starts)} – ${shown(ends)}` && cells[2] === '50 %' && cells[5] === '—', `the student's row ${JSON.stringify(cells)}`);
      const more = row.getByRole('button', { name: `Más acciones de ${student}`, exact: true });
      await more.click();
      const url = new URL(await row.getByRole('menuitem', { name: `Abrir la página de ${student}`, exact: true }).getAttribute('href'));
      await page.keyboard.press('Escape');
      assert(url.origin === host.base && /^\/formacion\/[\w-]+$/.test(url.pathname), `the student's link ${url.href}`);
      const reference = url.pathname.split('/').pop();
      const mail = await waitForMail(host.dataDir, before, `Su curso en línea: ${contentName}`);
      const to = /^to:[ \t]*(.*)$/im.exec(mail)?.[1] ?? '';
      assert(to.includes(studentEmail), `the mail is to ${to}`);
      const mailText = emlText(mail);
      const mailed = /https?:\/\/\S+\/formacion\/[\w-]+/.exec(mailText)?.[0];
      assert(mailed === url.href, `the mail carries ${mailed}, the screen ${url.href}`);
      assert(mailText.includes(`del ${shown(starts)} al ${shown(ends)}`), `the mail's days: ${mailText}`);
      await shot('163-formative-students');

      // The link, in a browser without a session: the first half of the lessons open.
      const context = await launchChromium();
      const errors = [];
      visitors.push(context);
      const studentPage = context.pages()[0] ?? (await context.newPage());
      studentPage.on('pageerror', (error) => errors.push(error.message));
      await studentPage.goto(mailed);
      const course = studentPage.getByTestId('student-page');
      await course.getByTestId('course-name').filter({ hasText: contentName }).waitFor();
      await course.getByTestId('course-hello').filter({ hasText: `Hola, ${student}.` }).waitFor();
      assert((await studentPage.getByRole('complementary', { name: 'Menú principal' }).count()) === 0, "the student's page shows the back-office menu");
      assert((await text(course.getByTestId('course-access'))) === `Acceso: ${shown(starts)} – ${shown(ends)}`, `the course's access ${await text(course.getByTestId('course-access'))}`);
      await course.getByTestId('course-share').filter({ hasText: 'Su acceso incluye 2 de las 4 lecciones.' }).waitFor();
      const studentProgress = async (value, done) => {
        await course.locator(`[role="progressbar"][aria-label="Su progreso"][aria-valuenow="${value}"]`).waitFor();
        await course.getByTestId('course-progress').filter({ hasText: `${value} %` }).filter({ hasText: `${done} de 4 lecciones hechas` }).waitFor();
      };
      await studentProgress(0, 0);
      const studentOutline = course.getByRole('navigation', { name: 'Índice del curso' });
      const marks = async () => studentOutline.getByTestId('student-lesson').evaluateAll((items) => items.map((li) => li.getAttribute('data-mark')));
      assert(JSON.stringify(await marks()) === JSON.stringify(['open', 'open', 'closed', 'closed']), `the lessons' marks ${JSON.stringify(await marks())}`);
      for (const [i, title] of lessonTitles.entries()) {
        const button = studentOutline.getByRole('button', { name: `Lección ${i + 1}: ${title} (${i < 2 ? 'Pendiente' : 'No incluida'})`, exact: true });
        assert((await button.count()) === (i < 2 ? 1 : 0), `lesson ${i + 1} ${i < 2 ? 'cannot' : 'can'} be opened from the outline`);
      }
      await course.getByTestId('continue').filter({ hasText: `Empiece por la primera lección: ${lessonTitles[0]}.` }).waitFor();
      await studentPage.screenshot({ path: join(artifacts, '164-formative-student-outline.png'), fullPage: true });

      // "Empezar": lesson 1, its section's text; marked done.
      await course.getByRole('button', { name: 'Empezar', exact: true }).click();
      await studentPage.waitForURL((u) => u.pathname === `/formacion/${reference}` && u.searchParams.get('leccion') === String(subthemeIds[0]));
      const lesson = course.getByTestId('lesson');
      await lesson.getByTestId('lesson-title').filter({ hasText: lessonTitles[0] }).waitFor();
      assert((await text(lesson.getByTestId('lesson-trail'))) === `${syllabusName} · ${rules}`, `the lesson's trail ${await text(lesson.getByTestId('lesson-trail'))}`);
      const section = lesson.getByTestId('lesson-section');
      await section.getByRole('heading', { name: sectionTitles[0] }).waitFor();
      assert((await section.locator('p').textContent()) === sectionTexts[0], `the section shows ${JSON.stringify(await section.locator('p').textContent())}`);
      assert(await lesson.getByRole('button', { name: 'Anterior', exact: true }).isDisabled(), 'the first lesson has a previous one');
      await lesson.getByRole('button', { name: 'Marcar como hecha', exact: true }).click();
      await lesson.getByTestId('lesson-done').waitFor();
      await lesson.getByRole('button', { name: 'Desmarcar', exact: true }).waitFor();
      await studentProgress(25, 1);
      await studentOutline.getByRole('button', { name: `Lección 1: ${lessonTitles[0]} (Hecha)`, exact: true }).waitFor();

      // "Siguiente": lesson 2, with its sheet, served through the link; done.
      await lesson.getByRole('button', { name: 'Siguiente', exact: true }).click();
      await studentPage.waitForURL((u) => u.pathname === `/formacion/${reference}` && u.searchParams.get('leccion') === String(subthemeIds[1]));
      await lesson.getByTestId('lesson-title').filter({ hasText: lessonTitles[1] }).waitFor();
      assert((await section.locator('p').textContent()) === sectionTexts[1], `the second lesson shows ${JSON.stringify(await section.locator('p').textContent())}`);
      const sheetItem = lesson.getByTestId('lesson-sheet').filter({ hasText: pdfName });
      await sheetItem.filter({ hasText: 'Los límites, para repasar' }).waitFor();
      const download = await sheetItem.getByRole('link', { name: `Descargar ${pdfName}`, exact: true }).getAttribute('href');
      const served = await studentPage.evaluate(async (href) => {
        const response = await fetch(href);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { status: response.status, length: bytes.length, head: new TextDecoder().decode(bytes.slice(0, 5)) };
      }, download);
      assert(served.status === 200 && served.length === pdf.length && served.head === '%PDF-', `the sheet's link ${download} served ${JSON.stringify(served)} without a session`);
      assert(!(await lesson.getByRole('button', { name: 'Anterior', exact: true }).isDisabled()), 'the second lesson has no previous one');
      await lesson.getByRole('button', { name: 'Marcar como hecha', exact: true }).click();
      await lesson.getByTestId('lesson-done').waitFor();
      await studentProgress(50, 2);
      // the next lesson is not in the access: not offered
      assert(await lesson.getByRole('button', { name: 'Siguiente', exact: true }).isDisabled(), 'the lesson after the share open is offered');
      await studentPage.screenshot({ path: join(artifacts, '165-formative-student-lesson.png'), fullPage: true });

      // A lesson not included, asked for by its address: refused in its place.
      await studentPage.goto(`${mailed}?leccion=${subthemeIds[2]}`);
      await course.getByTestId('lesson-refused').filter({ hasText: 'Esta lección no está incluida en su acceso' }).waitFor();
      const refused = await publicCall(host, 'GET', `formative/student/lesson?reference=${reference}&id=${subthemeIds[2]}`);
      assert(!refused.success && JSON.stringify(refused.error).includes('CONFLICT-000'), `formative/student/lesson of a closed lesson answered ${JSON.stringify(refused)}`);
      await course.getByRole('button', { name: 'Volver al índice', exact: true }).click();
      await course.getByTestId('continue').filter({ hasText: 'Ha hecho todas las lecciones de su acceso.' }).waitFor();

      // The director sees the progress, and each lesson.
      await page.reload();
      await tabs.getByRole('tab', { name: 'Alumnos' }).click();
      await row.getByTestId('progress').filter({ hasText: '2 de 4 lecciones' }).waitFor();
      assert((await progressOf()) === 50, `the progress after two lessons is ${await progressOf()}`);
      await row.getByRole('button', { name: `Lecciones de ${student}`, exact: true }).click();
      const lessonsDialog = page.getByRole('dialog', { name: `Lecciones de ${student}` });
      const lessonRows = lessonsDialog.getByRole('table', { name: 'Lecciones del alumno' }).getByRole('row').filter({ has: page.getByTestId('lesson-state') });
      await lessonRows.first().waitFor();
      await lessonsDialog.getByText('Lecciones abiertas: 50 % (2 de 4)').waitFor();
      const states = (await lessonRows.getByTestId('lesson-state').allTextContents()).map((s) => s.trim());
      const today = shown(spanishIso(0));
      assert(JSON.stringify(states) === JSON.stringify([`Hecha el ${today}`, `Hecha el ${today}`, 'No incluida', 'No incluida']), `the student's lessons ${JSON.stringify(states)}`);
      await shot('166-formative-student-lessons');
      await lessonsDialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await lessonsDialog.waitFor({ state: 'detached' });

      // "Editar": every lesson open.
      await more.click();
      await row.getByRole('menuitem', { name: `Editar el acceso de ${student}`, exact: true }).click();
      const accessDialog = page.getByRole('dialog', { name: `Acceso de ${student}` });
      await accessDialog.getByRole('textbox', { name: /^Lecciones abiertas \(%\)( \*)?$/ }).fill('100');
      const changed = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/formative/assignment/update');
      await accessDialog.getByRole('button', { name: 'Guardar cambios', exact: true }).click();
      const changeBody = (await changed).postDataJSON();
      assert(changeBody.percentage === 100 && Object.keys(changeBody).sort().join() === 'id,percentage', `formative/assignment/update got ${JSON.stringify(changeBody)}`);
      await page.getByText(`Acceso de ${student} guardado`).first().waitFor();
      await accessDialog.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: '100 %', exact: true }).waitFor();

      // The student reloads: every lesson open; "Continuar" to lesson 3, then 4, both done.
      await studentPage.goto(mailed);
      await course.getByTestId('course-name').waitFor();
      await studentProgress(50, 2);
      assert((await course.getByTestId('course-share').count()) === 0, 'the page still says part of the lessons are open');
      assert(JSON.stringify(await marks()) === JSON.stringify(['done', 'done', 'open', 'open']), `the lessons' marks after the change ${JSON.stringify(await marks())}`);
      await course.getByTestId('continue').filter({ hasText: `Siguiente lección por hacer: ${lessonTitles[2]}.` }).waitFor();
      await course.getByRole('button', { name: 'Continuar', exact: true }).click();
      await lesson.getByTestId('lesson-title').filter({ hasText: lessonTitles[2] }).waitFor();
      assert((await text(lesson.getByTestId('lesson-trail'))) === `${syllabusName} · ${signs}`, `lesson 3's trail ${await text(lesson.getByTestId('lesson-trail'))}`);
      assert((await section.locator('p').textContent()) === sectionTexts[2], `lesson 3 shows ${JSON.stringify(await section.locator('p').textContent())}`);
      await lesson.getByRole('button', { name: 'Marcar como hecha', exact: true }).click();
      await lesson.getByTestId('lesson-done').waitFor();
      await studentProgress(75, 3);
      await lesson.getByRole('button', { name: 'Siguiente', exact: true }).click();
      await lesson.getByTestId('lesson-title').filter({ hasText: lessonTitles[3] }).waitFor();
      assert(await lesson.getByRole('button', { name: 'Siguiente', exact: true }).isDisabled(), 'the last lesson has a next one');
      await lesson.getByRole('button', { name: 'Marcar como hecha', exact: true }).click();
      await lesson.getByTestId('lesson-done').waitFor();
      await studentProgress(100, 4);
      await course.getByRole('button', { name: 'Volver al índice', exact: true }).click();
      await course.getByTestId('continue').filter({ hasText: 'Ha hecho todas las lecciones de su acceso.' }).waitFor();
      assert(JSON.stringify(await marks()) === JSON.stringify(['done', 'done', 'done', 'done']), `the lessons' marks at the end ${JSON.stringify(await marks())}`);
      await studentPage.screenshot({ path: join(artifacts, '167-formative-student-finished.png'), fullPage: true });

      // Another student (through the API), who has done the first lesson only.
      const second = await api(page, 'POST', 'formative/assignment/create', { content_id: contentId, contact_ids: [other.id] });
      const secondReference = new URL(second.items[0].url).pathname.split('/').pop();
      const marked = await publicCall(host, 'POST', 'formative/student/done', { reference: secondReference, id: subthemeIds[0] });
      assert(marked.success && marked.data.progress === 25, `the second student's lesson done: ${JSON.stringify(marked)}`);

      // "Alumnos": 100 % and the day 90 % was reached.
      await page.reload();
      await tabs.getByRole('tab', { name: 'Alumnos' }).click();
      await row.getByTestId('progress').filter({ hasText: '4 de 4 lecciones' }).waitFor();
      assert((await progressOf()) === 100, `the progress at the end is ${await progressOf()}`);
      cells = await cellsOf(row);
      assert(cells[2] === '100 %' && cells[5] === today, `the finished student's row ${JSON.stringify(cells)}`);

      // "Alumnos al 90 %": the first student, not the second.
      await menu(page).getByRole('link', { name: 'Alumnos al 90 %', exact: true }).click();
      await page.waitForURL('**/report/formative/90/list');
      const report = page.getByRole('table', { name: 'Alumnos que han llegado al 90 %' });
      await report.waitFor();
      const contentOption = `${contentName} (B)`;
      const contentFilter = page.getByRole('combobox', { name: 'Contenido', exact: true });
      await contentFilter.locator('option', { hasText: contentOption }).waitFor({ state: 'attached' });
      await contentFilter.selectOption({ label: contentOption });
      const reached = report.getByRole('row').filter({ has: page.getByTestId('report-name') });
      await reached.filter({ hasText: student }).waitFor();
      assert((await reached.count()) === 1, `${await reached.count()} students at 90 % of the content`);
      cells = await cellsOf(reached.first());
      assert(
        cells[0] === `${student}${studentEmail}` && cells[1] === contentName && cells[2] === '12 horas' && cells[3] === today && cells[4].startsWith('100 %') && cells[4].includes('4 de 4 lecciones'),
        `the 90 % report's row ${JSON.stringify(cells)}`,
      );
      await shot('168-formative-report-90');

      // "Avance por bloques": each theme, its lessons, started, completed, the average done.
      await menu(page).getByRole('link', { name: 'Avance por bloques', exact: true }).click();
      await page.waitForURL('**/report/formative/blocks/list');
      await page.getByTestId('blocks-choose').waitFor();
      const blockFilter = page.getByRole('combobox', { name: 'Contenido', exact: true });
      await blockFilter.locator('option', { hasText: contentOption }).waitFor({ state: 'attached' });
      await blockFilter.selectOption({ label: contentOption });
      const blocks = page.getByRole('table', { name: 'Avance por bloques' });
      await blocks.getByTestId('block-title').first().waitFor();
      const blockRows = [];
      for (const r of await blocks.getByRole('row').all()) {
        const c = await cellsOf(r);
        if (c.length) blockRows.push(c);
      }
      assert(
        JSON.stringify(blockRows) ===
          JSON.stringify([
            [syllabusName, rules, '2', '2', '1', '75 %'],
            [syllabusName, signs, '2', '1', '1', '50 %'],
            ['Total', '2 bloques', '4', '—', '—', '62,5 %'],
          ]),
        `the blocks ${JSON.stringify(blockRows)}`,
      );
      const totals = (await page.getByTestId('blocks-totals').locator('span').allTextContents()).map((t) => t.trim());
      assert(JSON.stringify(totals) === JSON.stringify(['2 alumnos', '4 lecciones', 'Media del contenido: 62,5 %']), `the blocks' totals ${JSON.stringify(totals)}`);
      const storedBlocks = await api(page, 'GET', `formative/report/blocks?content_id=${contentId}`);
      assert(
        storedBlocks.students === 2 &&
          storedBlocks.lessons === 4 &&
          JSON.stringify(storedBlocks.blocks.map((b) => [b.title, b.lessons, b.started, b.completed, b.average])) ===
            JSON.stringify([
              [rules, 2, 2, 1, 75],
              [signs, 2, 1, 1, 50],
            ]),
        `stored blocks ${JSON.stringify(storedBlocks)}`,
      );
      await shot('169-formative-report-blocks');

      // "Pausar": the link says the access is paused; "Reanudar" opens it again.
      await page.goto(`${host.base}/formative/content/view/${contentId}`);
      await view.getByTestId('content-title').filter({ hasText: contentName }).waitFor();
      await tabs.getByRole('tab', { name: 'Alumnos' }).click();
      await more.click();
      await row.getByRole('menuitem', { name: `Pausar el acceso de ${student}`, exact: true }).click();
      await page.getByText(`Acceso de ${student} en pausa`).first().waitFor();
      await row.getByTestId('assignment-status').filter({ hasText: 'En pausa' }).waitFor();
      await more.click();
      await row.getByRole('menuitem', { name: `Reanudar el acceso de ${student}`, exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await shot('170-formative-paused');
      await studentPage.reload();
      const paused = studentPage.getByTestId('link-access');
      await paused.getByRole('heading', { name: 'Ahora no puede acceder al curso' }).waitFor();
      await paused.getByText('Su acceso está en pausa').waitFor();
      assert((await studentPage.getByTestId('student-page').count()) === 0, 'the paused student still sees the course');
      await studentPage.screenshot({ path: join(artifacts, '171-formative-student-paused.png'), fullPage: true });
      await more.click();
      await row.getByRole('menuitem', { name: `Reanudar el acceso de ${student}`, exact: true }).click();
      await page.getByText(`Acceso de ${student} reanudado`).first().waitFor();
      await row.getByTestId('assignment-status').filter({ hasText: 'En curso' }).waitFor();
      await studentPage.reload();
      await course.getByTestId('course-name').filter({ hasText: contentName }).waitFor();
      await studentProgress(100, 4);
      assert(errors.length === 0, `errors in the student's page: ${errors.join(' | ')}`);

      // What the host stored.
      const stored = (await api(page, 'GET', `formative/assignment/read?content_id=${contentId}`)).items.find((a) => a.contact_id === contact.id);
      const detail = await api(page, 'GET', `formative/assignment/read?id=${stored.id}`);
      assert(
        detail.contact_id === contact.id &&
          detail.email === studentEmail &&
          detail.starts_on === starts &&
          detail.ends_on === ends &&
          detail.percentage === 100 &&
          detail.state === 'active' &&
          detail.status === 'active' &&
          detail.progress === 100 &&
          detail.reached_90_at &&
          detail.completed_at &&
          detail.last_seen_at &&
          detail.url === url.href,
        `stored assignment ${JSON.stringify(detail)}`,
      );
      assert(
        JSON.stringify(detail.lessons.map((l) => [l.id, l.title, l.theme, l.open, l.done])) === JSON.stringify(subthemeIds.map((id, i) => [id, lessonTitles[i], i < 2 ? rules : signs, true, true])),
        `stored lessons ${JSON.stringify(detail.lessons)}`,
      );
      const content = await api(page, 'GET', `formative/content/read?id=${contentId}`);
      assert(
        content.name === contentName &&
          content.category === 'B' &&
          content.hours === 12 &&
          content.access_days === 60 &&
          content.status === 'publish' &&
          JSON.stringify(content.syllabi.map((s) => [s.id, s.name])) === JSON.stringify([[syllabus.id, syllabusName]]) &&
          content.lessons === 4 &&
          content.students === 2 &&
          content.completed === 1 &&
          content.reached_90 === 1,
        `stored content ${JSON.stringify(content)}`,
      );

      // The list: the content with its syllabus and two students.
      await menu(page).getByRole('link', { name: 'Contenidos formativos', exact: true }).click();
      await page.waitForURL('**/formative/content/list');
      await page.getByPlaceholder('Buscar por nombre, descripción o categoría').fill(stamp);
      const listed = page.getByRole('table', { name: 'Contenidos formativos' }).getByRole('row').filter({ hasText: contentName });
      await listed.waitFor();
      cells = await cellsOf(listed);
      assert(JSON.stringify(cells) === JSON.stringify([contentName, 'B', '12 horas', '60 días', '1', '2', 'Publicado']), `the content's row ${JSON.stringify(cells)}`);
    } finally {
      for (const visitor of visitors) await visitor.close();
    }
  });
}
