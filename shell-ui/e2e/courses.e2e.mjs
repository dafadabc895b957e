// Courses journey (training, permit A and points-recovery courses): the courses plugin's remote
// loaded by the shell.
//  18. the director opens "Recuperación de puntos", creates a partial course (the legal 12 hours
//      and the next reference are given), enrols a contact found with the finder, adds a 4-hour
//      session in a classroom, and marks the student present: the course then shows 4 of 12
//      hours scheduled and the student 4 hours attended
//  43. the director sends a training course's information to its students ("Enviar información a
//      los alumnos", asked first): the student with an e-mail gets a mail with the course's dates,
//      hours and session; the one without is named on the page
// The contact and the classroom are made through the API first, with names unique per run. It
// needs the host to have installed the courses and contacts packages (`volante demo` with
// plugins.registry_dir); without them it is reported as skipped, with the reason.
import { api, assert, dni, emlText, isoDate, outboxFiles, waitForMail } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

const spanish = (iso) => iso.split('-').reverse().join('/');

async function openTab(page, name) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

export async function coursesJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('courses') || !modules.includes('contacts')) {
    skip(
      ['director-runs-a-points-recovery-course', 'director-sends-course-information'],
      `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the courses and contacts packages (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const start = isoDate(30);
  const end = isoDate(32);

  await journey(browser, 'director-runs-a-points-recovery-course', async () => {
    const student = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Rocío', last_name: `Alumna${stamp}`, fiscal_code: dni(Date.now()) });
    const studentName = student.display_name;
    const classroom = await api(page, 'POST', 'recuperacionpuntos/sesion/lugares/create', { name: `Aula E2E ${stamp}`, capacity: 20 });

    await menu(page).getByRole('link', { name: 'Recuperación de puntos' }).click();
    await page.waitForURL('**/recuperacionpuntos/list');
    await page.getByRole('button', { name: 'Nuevo curso' }).click();
    const form = page.getByRole('form', { name: 'Nuevo curso' });
    await form.waitFor();
    const courseName = `Parcial E2E ${stamp}`;
    await form.getByLabel(/^Nombre( \*)?$/).fill(courseName);
    await form.getByRole('combobox', { name: 'Categoría', exact: true }).selectOption('partial');
    await form.getByLabel('Fecha de inicio', { exact: true }).fill(start);
    await form.getByLabel('Fecha de fin', { exact: true }).fill(end);
    await shot('57-courses-new-points-recovery');
    await form.getByRole('button', { name: 'Crear curso' }).click();
    await page.getByText(`Curso ${courseName} creado`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/recuperacionpuntos\/view\/[1-9]\d*$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await api(page, 'GET', `recuperacionpuntos/read?id=${id}`);
    assert(created.hours === 12 && created.category === 'partial', `the course is ${created.category} of ${created.hours} h`);
    assert(/^RP-\d{4}-\d{4}$/.test(created.reference), `the reference is ${created.reference}`);

    // The student, found by the unique last name and enrolled.
    await openTab(page, 'Alumnos');
    const finder = page.getByTestId('student-finder');
    const search = finder.getByRole('searchbox');
    await search.fill(`Alumna${stamp}`);
    await search.press('Enter');
    await finder.getByRole('list', { name: 'Contactos encontrados' }).getByRole('checkbox', { name: new RegExp(studentName) }).check();
    await finder.getByRole('button', { name: 'Inscribir 1 alumno' }).click();
    await page.getByText('1 alumno inscrito', { exact: true }).first().waitFor();
    await page.getByRole('table', { name: 'Alumnos inscritos' }).getByTestId('student-name').filter({ hasText: studentName }).waitFor();
    await shot('58-courses-student-enrolled');

    // A 4-hour session in the classroom, on the course's first day.
    await openTab(page, 'Sesiones');
    const sessionForm = page.getByRole('form', { name: 'Nueva sesión' });
    await sessionForm.getByLabel(/^Fecha( \*)?$/).fill(start);
    await sessionForm.getByLabel(/^Hora de inicio( \*)?$/).fill('16:00');
    await sessionForm.getByLabel(/^Hora de fin( \*)?$/).fill('20:00');
    await sessionForm.getByRole('combobox', { name: 'Lugar', exact: true }).selectOption({ label: classroom.name });
    await sessionForm.getByRole('button', { name: 'Añadir sesión' }).click();
    await page.getByText('Sesión añadida', { exact: true }).first().waitFor();
    await page.getByTestId('sessions-hours').filter({ hasText: 'Horas programadas: 4 de 12 h.' }).waitFor();

    // Attendance: the student present.
    await page.getByRole('button', { name: `Asistencia de la sesión del ${spanish(start)} a las 16:00` }).click();
    const attendance = page.getByTestId('attendance');
    // The box follows the stored attendance: it turns checked once the answer is in.
    await attendance.getByRole('checkbox', { name: studentName }).click();
    await attendance.getByRole('checkbox', { name: studentName, checked: true }).waitFor();
    await page.getByRole('table', { name: 'Sesiones del curso' }).getByRole('cell', { name: '1/1', exact: true }).waitFor();
    await shot('59-courses-attendance');
    const stored = await api(page, 'GET', `recuperacionpuntos/read?id=${id}`);
    assert(stored.scheduled_hours === 4, `scheduled ${stored.scheduled_hours} h`);
    assert(stored.students.length === 1 && stored.students[0].contact_id === student.id, `students ${JSON.stringify(stored.students)}`);
    assert(stored.students[0].attended_hours === 4, `attended ${stored.students[0].attended_hours} h`);
    assert(JSON.stringify(stored.sessions[0].present) === JSON.stringify([student.id]), `present ${JSON.stringify(stored.sessions[0].present)}`);
  });

  await journey(browser, 'director-sends-course-information', async () => {
    const withEmail = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Marta', last_name: `Camionera${stamp}`, fiscal_code: dni(Date.now() + 7), email: `marta.${stamp.toLowerCase()}@example.es` });
    const withoutEmail = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Pedro', last_name: `Camionero${stamp}`, fiscal_code: dni(Date.now() + 11) });
    const course = await api(page, 'POST', 'course/create', { name: `CAP continua ${stamp}`, hours: 35, start_date: start, end_date: end, place: 'Calle Mayor 1' });
    await api(page, 'POST', 'course/contact/student/add', { course_id: course.id, contact_ids: [withEmail.id, withoutEmail.id] });
    await api(page, 'POST', 'course/sesion/add', { course_id: course.id, date: start, start_time: '16:00', end_time: '21:00' });

    await page.goto(`${host.base}/course/view/${course.id}`);
    const before = outboxFiles(host.dataDir);
    await page.getByRole('button', { name: 'Enviar información a los alumnos' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
    await dialog.getByText('Se enviará un correo con las fechas, el lugar y las sesiones del curso').waitFor();
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('Información enviada a 1 alumno').first().waitFor();
    await page.getByText(`Sin correo electrónico: Pedro Camionero${stamp}`).first().waitFor();
    const raw = await waitForMail(host.dataDir, before, `Información del curso CAP continua ${stamp}`);
    assert(raw.toLowerCase().includes(`marta.${stamp.toLowerCase()}@example.es`), 'the mail is not to Marta');
    const mail = emlText(raw);
    for (const expected of [`Hola Marta Camionera${stamp}:`, `«CAP continua ${stamp}»`, `Fechas: del ${spanish(start)} al ${spanish(end)}`, 'Duración: 35 horas', `- ${spanish(start)}, de 16:00 a 21:00`]) {
      assert(mail.includes(expected), `«${expected}» is not in the mail:\n${mail}`);
    }
    await shot('184-courses-information-sent');
  });
}
