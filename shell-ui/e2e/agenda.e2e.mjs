// Agenda journey: the agenda plugin's remote (the school's calendar and its tasks) loaded by the
// shell.
//  25. the director opens "Agenda" (this week, Monday to Sunday), creates with "Nuevo evento" a
//      staff meeting for next week's Wednesday from 10:00 to 11:30, with its place, description
//      and two people (the director and the demo teacher); the event's page shows it
//      "Pendiente"; back in the agenda this week does not list it, "Semana siguiente" does, under
//      Wednesday's heading, with its hours, place and people. In "Tareas", "Nueva tarea" (owned
//      by the director until another owner is chosen) makes a high-priority task for the teacher
//      due yesterday: listed "Vencida"; ticked done, the box stays ticked and "Vencida" goes (the
//      host's answer); "Hechas" lists it and "Pendientes" no longer does. What the host stored
//      matches: the event with its people, the task done by the director
// It needs the host to have installed the agenda package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Titles are
// unique per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Today in Spain, `YYYY-MM-DD` (the agenda's days and the host's `overdue` are Spain's). */
const spanishToday = () => spainDay.format(new Date());
/** A plain date `days` later (earlier when negative). */
const addDays = (iso, days) => {
  const at = new Date(`${iso}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
/** The Monday of a plain date's week. */
const mondayOf = (iso) => addDays(iso, -((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7));
/** `YYYY-MM-DD` as the screens show it: `DD/MM/YYYY`. */
const shown = (iso) => iso.split('-').reverse().join('/');
const weekday = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'UTC' });
/** A day's heading in the agenda: "miércoles, 02/12/2026". */
const dayHeading = (iso) => `${weekday.format(new Date(`${iso}T00:00:00Z`))}, ${shown(iso)}`;
const weekLabel = (monday) => `Semana del ${shown(monday)} al ${shown(addDays(monday, 6))}`;
const text = async (locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();

export async function agendaJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('agenda')) {
    skip(
      ['director-plans-the-week'],
      `GET plugin/modules lists no agenda module (${JSON.stringify(modules)}): the host has not installed the agenda package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-plans-the-week', async () => {
    const { user } = await api(page, 'GET', 'user/verify');
    const director = `${user.first_name} ${user.last_name}`.trim();
    const staff = await api(page, 'GET', 'schedule/staff');
    const teacher = staff.find((m) => m.name === 'Pablo Profesor Demo');
    assert(teacher, `schedule/staff has no demo teacher: ${JSON.stringify(staff)}`);
    // The day is read once: a journey across midnight would see two "today"s.
    const today = spanishToday();
    const yesterday = addDays(today, -1);
    const monday = mondayOf(today);
    const nextMonday = addDays(monday, 7);
    const day = addDays(nextMonday, 2);
    const title = `Reunión de claustro ${stamp}`;
    const place = 'Aula 2, Autoescuela Demo Centro';
    const description = 'Calendario de exámenes de diciembre y turnos de prácticas';
    // The host keeps the people sorted by id; the list shows them in that order.
    const people = [
      { user_id: user.user_id, name: director },
      { user_id: teacher.user_id, name: teacher.name },
    ].sort((a, b) => a.user_id - b.user_id);

    // "Agenda": this week first.
    await menu(page).getByRole('link', { name: 'Agenda', exact: true }).click();
    await page.waitForURL('**/schedule/list');
    await page.getByTestId('week').filter({ hasText: weekLabel(monday) }).waitFor();

    // A new event, as the director fills it in.
    await page.getByRole('link', { name: 'Nuevo evento' }).click();
    await page.waitForURL('**/schedule/view/0');
    const form = page.getByRole('form', { name: 'Nuevo evento' });
    const dayField = form.getByLabel(/^Día( \*)?$/);
    assert((await dayField.inputValue()) === today, `a new event's day is ${await dayField.inputValue()}, not today (${today})`);
    await form.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(title);
    await dayField.fill(day);
    await form.getByLabel('Hora de inicio', { exact: true }).fill('10:00');
    await form.getByLabel('Hora de fin', { exact: true }).fill('11:30');
    await form.getByRole('textbox', { name: 'Lugar', exact: true }).fill(place);
    await form.getByRole('textbox', { name: 'Descripción', exact: true }).fill(description);
    const chooser = form.getByRole('group', { name: 'Personas' });
    await chooser.getByRole('checkbox', { name: director, exact: true }).check();
    await chooser.getByRole('checkbox', { name: teacher.name, exact: true }).check();
    await shot('94-agenda-new-event');
    await form.getByRole('button', { name: 'Crear evento' }).click();
    await page.waitForURL(/\/schedule\/view\/[1-9]\d*$/);
    const eventId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`Evento ${title} creado`).first().waitFor();
    // (the toolbar repeats the title as the page's h1: the card's own title is the one read)
    await page.getByTestId('event-title').filter({ hasText: title }).waitFor();
    assert((await text(page.getByTestId('event-when'))) === `${shown(day)} · 10:00–11:30`, `the event's page says ${await text(page.getByTestId('event-when'))}`);
    assert((await text(page.getByTestId('event-held'))) === 'Pendiente', `the event is ${await text(page.getByTestId('event-held'))}`);
    await page.getByText(`Creado por ${director}`, { exact: true }).waitFor();
    const saved = page.getByRole('form', { name: 'Datos del evento' }).getByRole('group', { name: 'Personas' });
    for (const person of people) await saved.getByRole('checkbox', { name: person.name, exact: true, checked: true }).waitFor();

    // Back in the agenda: not this week (the week's read does not have it)…
    const thisWeek = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/schedule/read' && url.searchParams.get('from') === monday && url.searchParams.get('to') === addDays(monday, 6);
    });
    await page.getByRole('link', { name: 'Volver a la agenda' }).click();
    await page.waitForURL('**/schedule/list');
    const week = await (await thisWeek).json();
    assert(week.success && !week.data.items.some((e) => e.id === eventId), `this week's read lists the event: ${JSON.stringify(week)}`);
    await page.getByTestId('events-empty').or(page.getByTestId('event-day').first()).waitFor();
    assert((await page.getByRole('link', { name: title, exact: true }).count()) === 0, 'this week shows next week\'s event');

    // …next week, under Wednesday, with its hours, place and people.
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await page.getByTestId('week').filter({ hasText: weekLabel(nextMonday) }).waitFor();
    const wednesday = page.getByTestId('event-day').filter({ has: page.getByRole('heading', { name: dayHeading(day), exact: true }) });
    const row = wednesday.getByRole('table', { name: `Eventos del ${shown(day)}` }).getByRole('row').filter({ hasText: title });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    const expected = ['10:00–11:30', title, place, people.map((p) => p.name).join(', '), 'Celebrado'];
    assert(JSON.stringify(cells) === JSON.stringify(expected), `the event's row ${JSON.stringify(cells)}, expected ${JSON.stringify(expected)}`);
    assert(!(await row.getByRole('checkbox', { name: `Celebrado: ${title}` }).isChecked()), 'the new event is shown held');
    await shot('95-agenda-next-week');

    // A task for the teacher, from "Tareas".
    const taskTitle = `Renovar el seguro del aula ${stamp}`;
    const taskDescription = 'Pedir presupuesto a dos aseguradoras y comparar coberturas';
    await menu(page).getByRole('link', { name: 'Tareas', exact: true }).click();
    await page.waitForURL('**/task/list');
    const tasks = page.getByRole('table', { name: 'Tareas' });
    await tasks.waitFor();
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const taskForm = page.getByRole('form', { name: 'Nueva tarea' });
    const owner = taskForm.getByRole('combobox', { name: 'Responsable', exact: true });
    assert((await owner.inputValue()) === String(user.user_id), `a new task's owner is ${await owner.inputValue()}, not the director (${user.user_id})`);
    const priority = taskForm.getByRole('combobox', { name: 'Prioridad', exact: true });
    assert((await priority.inputValue()) === 'normal', `a new task's priority is ${await priority.inputValue()}`);
    await taskForm.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(taskTitle);
    await taskForm.getByLabel('Fecha límite', { exact: true }).fill(yesterday);
    await priority.selectOption({ label: 'Alta' });
    await owner.selectOption({ label: teacher.name });
    await taskForm.getByRole('textbox', { name: 'Descripción', exact: true }).fill(taskDescription);
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/task/create');
    await taskForm.getByRole('button', { name: 'Crear tarea' }).click();
    const answer = await (await created).json();
    assert(answer.success && answer.data.id, `task/create answered ${JSON.stringify(answer)}`);
    const taskId = answer.data.id;
    await page.getByText(`Tarea ${taskTitle} creada`).first().waitFor();
    await page.getByTestId('task-create').waitFor({ state: 'detached' });

    // Listed among the pending ones: overdue, the teacher's, high.
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill(taskTitle);
    await search.press('Enter');
    const taskRow = tasks.getByRole('row').filter({ hasText: taskTitle });
    await taskRow.getByTestId('task-overdue').filter({ hasText: 'Vencida' }).waitFor();
    const taskCells = (await taskRow.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    assert(taskCells[1] === taskTitle && taskCells[2] === teacher.name, `the task's row ${JSON.stringify(taskCells)}`);
    assert((await text(taskRow.getByTestId('task-due'))) === shown(yesterday), `due ${await text(taskRow.getByTestId('task-due'))}`);
    const badge = taskRow.getByTestId('task-priority');
    assert((await text(badge)) === 'Alta' && (await badge.getAttribute('data-priority')) === 'high', `priority ${await text(badge)}`);
    const done = taskRow.getByRole('checkbox', { name: `Hecha: ${taskTitle}` });
    assert(!(await done.isChecked()), 'the new task is shown done');

    // Done: the box follows the host's answer, and so does "Vencida".
    await done.click();
    await page.getByText(`Tarea ${taskTitle} hecha`).first().waitFor();
    await taskRow.getByRole('checkbox', { name: `Hecha: ${taskTitle}`, checked: true }).waitFor();
    await taskRow.getByTestId('task-overdue').waitFor({ state: 'detached' });

    // "Hechas" lists it (the search kept); "Pendientes" no longer does.
    const status = page.getByRole('combobox', { name: 'Estado', exact: true });
    const reread = (checked) =>
      page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/task/read' && url.searchParams.get('checked') === checked && url.searchParams.get('search') === taskTitle;
      });
    let listed = reread('true');
    await status.selectOption({ label: 'Hechas' });
    const doneList = await (await listed).json();
    assert(doneList.success && doneList.data.items.some((t) => t.id === taskId), `"Hechas" read ${JSON.stringify(doneList)}`);
    await taskRow.getByRole('checkbox', { name: `Hecha: ${taskTitle}`, checked: true }).waitFor();
    await shot('96-agenda-task-done');
    listed = reread('false');
    await status.selectOption({ label: 'Pendientes' });
    await listed;
    await tasks.getByText('No hay tareas', { exact: true }).waitFor();
    assert((await taskRow.count()) === 0, 'the task done is still among the pending ones');

    // What the host stored.
    const event = await api(page, 'GET', `schedule/read?id=${eventId}`);
    assert(
      event.title === title &&
        event.date === day &&
        event.start_time === '10:00' &&
        event.end_time === '11:30' &&
        event.place === place &&
        event.description === description &&
        event.checked === false &&
        event.created_by === user.user_id &&
        event.state === 'active',
      `stored event ${JSON.stringify(event)}`,
    );
    assert(
      JSON.stringify(event.user_ids) === JSON.stringify(people.map((p) => p.user_id)) &&
        JSON.stringify(event.users.map((u) => [u.user_id, u.name])) === JSON.stringify(people.map((p) => [p.user_id, p.name])),
      `stored people ${JSON.stringify({ user_ids: event.user_ids, users: event.users })}`,
    );
    const task = await api(page, 'GET', `task/read?id=${taskId}`);
    assert(
      task.title === taskTitle &&
        task.description === taskDescription &&
        task.due_date === yesterday &&
        task.priority === 'high' &&
        task.assignee_user_id === teacher.user_id &&
        task.assignee_name === teacher.name &&
        task.created_by === user.user_id,
      `stored task ${JSON.stringify(task)}`,
    );
    assert(
      task.checked === true && task.checked_by === user.user_id && task.checked_by_name === director && typeof task.checked_at === 'string' && task.checked_at !== '' && task.overdue === false,
      `stored task's check ${JSON.stringify({ checked: task.checked, checked_at: task.checked_at, checked_by: task.checked_by, checked_by_name: task.checked_by_name, overdue: task.overdue })}`,
    );
  });
}
