// Practical lessons journey: the practices plugin's remote loaded by the shell.
//  20. the director opens "Alumnos de prácticas", makes a contact a student of licence B with a
//      teacher, adds a pack of 10 lessons, books a lesson for tomorrow at 10:00 with a vehicle,
//      then tries to book the same teacher at 10:30 for another student and is refused under
//      "Profesor"; finally marks yesterday's recorded lesson given: 9 lessons left
// The contacts, the teacher (an employee with an account), the vehicle and the lesson type are
// made through the API first, with names unique per run. It needs the host to have installed the
// practices, contacts, fleet and employees packages (`volante demo` with plugins.registry_dir);
// without them it is reported as skipped, with the reason.
import { api, assert, dni, isoDate } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

const spanish = (iso) => iso.split('-').reverse().join('/');

export async function practicesJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  const needed = ['practices', 'contacts', 'fleet', 'employees'];
  if (!needed.every((m) => modules.includes(m))) {
    skip(
      ['director-books-practical-lessons'],
      `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the ${needed.join(', ')} packages (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-books-practical-lessons', async () => {
    const student = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Sara', last_name: `Volante${stamp}`, fiscal_code: dni(Date.now()) });
    const other = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Hugo', last_name: `Volante${stamp}`, fiscal_code: dni(Date.now() + 7) });
    const teacher = await api(page, 'POST', 'employee/create', {
      first_name: 'Marta',
      last_name: `Profesora${stamp}`,
      is_teacher: true,
      teacher_classes: ['B'],
      account: { email: `marta.${stamp.toLowerCase()}@autoescuela-demo.es`, password: 'Marta-Profe-2026' },
    });
    const teacherName = `Marta Profesora${stamp}`;
    const car = await api(page, 'POST', 'vehicle/create', { plate: `${String(Date.now()).slice(-4)} ${'BCD'}`, model: `Ibiza ${stamp}` });
    const type = await api(page, 'POST', 'hermes/practice/type/create', { name: `Práctica B E2E ${stamp}`, licence: 'B', minutes: 45, price: 3800 });
    // The other student holds the teacher at 10:30 tomorrow (made through the API).
    const otherStudent = await api(page, 'POST', 'hermes/student/create', { contact_id: other.id, licence: 'B', teacher_user_id: teacher.user_id });
    await api(page, 'POST', 'hermes/student/practice', { student_id: otherStudent.id, type_id: type.id, date: isoDate(1), start_time: '10:30' });

    // The student, from the contacts finder.
    await menu(page).getByRole('link', { name: 'Alumnos de prácticas' }).click();
    await page.waitForURL('**/practices/students');
    await page.getByRole('button', { name: 'Nuevo alumno' }).click();
    const form = page.getByRole('form', { name: 'Nuevo alumno de prácticas' });
    const search = form.getByRole('searchbox');
    await search.fill(`Sara Volante${stamp}`);
    await search.press('Enter');
    await form.getByRole('button', { name: `Elegir a ${student.display_name}` }).click();
    await form.getByRole('combobox', { name: /^Permiso( \*)?$/ }).selectOption('B');
    await form.getByRole('combobox', { name: 'Profesor', exact: true }).selectOption({ label: teacherName });
    await form.getByRole('button', { name: 'Dar de alta' }).click();
    await page.waitForURL(/\/practices\/student\/[1-9]\d*$/);
    const studentId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('student-teacher').filter({ hasText: teacherName }).waitFor();

    // A pack of 10 lessons at the type's price.
    await page.getByRole('button', { name: 'Añadir bono' }).click();
    const bag = page.getByRole('form', { name: 'Añadir bono' });
    await bag.getByRole('combobox', { name: /^Tipo de práctica/ }).selectOption(String(type.id));
    await bag.getByLabel(/^Prácticas( \*)?$/).fill('10');
    await bag.getByRole('button', { name: 'Añadir bono' }).click();
    await page.getByTestId('student-remaining').filter({ hasText: /^10$/ }).waitFor();

    // Tomorrow 10:00 with the car; then 10:30 clashes with the teacher's other lesson.
    const book = async (date, time) => {
      await page.getByRole('button', { name: 'Reservar práctica' }).click();
      const lesson = page.getByRole('form', { name: 'Reservar práctica' });
      await lesson.getByRole('combobox', { name: /^Tipo de práctica/ }).selectOption(String(type.id));
      await lesson.getByLabel(/^Fecha( \*)?$/).fill(date);
      await lesson.getByLabel(/^Hora de inicio( \*)?$/).fill(time);
      return lesson;
    };
    let lesson = await book(isoDate(1), '09:00');
    await lesson.getByRole('combobox', { name: 'Vehículo' }).selectOption(String(car.id));
    await lesson.getByRole('button', { name: 'Reservar' }).click();
    await page.getByText('Práctica reservada', { exact: true }).first().waitFor();
    lesson = await book(isoDate(1), '10:00');
    await lesson.getByRole('button', { name: 'Reservar' }).click();
    await lesson.getByTestId('error-teacher_user_id').filter({ hasText: `El profesor ya tiene una práctica de 10:30 a 11:15 el ${spanish(isoDate(1))}` }).waitFor();
    await shot('62-practices-clash');
    await lesson.getByRole('button', { name: 'Cancelar' }).click();

    // Yesterday's lesson recorded, then marked given: one lesson of the pack used.
    await api(page, 'POST', 'hermes/student/practice', { student_id: studentId, type_id: type.id, date: isoDate(-1), start_time: '17:00' });
    await page.reload();
    await page.getByRole('button', { name: `Dada: la práctica del ${spanish(isoDate(-1))} a las 17:00` }).click();
    await page.getByTestId('student-remaining').filter({ hasText: /^9$/ }).waitFor();
    await shot('63-practices-student');

    const stored = await api(page, 'GET', `hermes/student/read?id=${studentId}`);
    const byDate = Object.fromEntries(stored.lessons.map((l) => [`${l.date} ${l.start_time}`, l]));
    const tomorrow = byDate[`${isoDate(1)} 09:00`];
    const given = byDate[`${isoDate(-1)} 17:00`];
    assert(tomorrow?.status === 'scheduled' && tomorrow.end_time === '09:45' && tomorrow.vehicle_id === car.id && tomorrow.teacher_user_id === teacher.user_id, `tomorrow ${JSON.stringify(tomorrow)}`);
    assert(given?.status === 'done' && given.bag_id === stored.bags[0].id, `given ${JSON.stringify(given)}`);
    assert(stored.lessons.length === 2 && stored.remaining === 9 && stored.bags[0].price === 38000, `stored ${JSON.stringify({ n: stored.lessons.length, remaining: stored.remaining, bags: stored.bags })}`);
  });
}
