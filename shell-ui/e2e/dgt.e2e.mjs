// DGT journey (register books, exam folders): the dgt plugin's remote loaded by the shell.
//  19. the director opens "Libros de registro", opens a new book, enrols a student filled in
//      from a contact found with the finder (their DGT record gives the licence), then opens
//      "Carpetas de examen", creates a theory folder for yesterday's exam, adds the student and
//      marks them "Apto": the result lands in the student's register entry; on "Informe de
//      exámenes" the folder's exam centre shows with its numbers (100,00 % passed at the theory
//      exam) and, on the "Convocatorias" tab, the session links to the folder, whose
//      "Solicitud de pruebas" sheet lists the student with the missing fee receipt flagged
// The contact is made through the API first, with names unique per run. It needs the host to
// have installed the dgt and contacts packages (`volante demo` with plugins.registry_dir);
// without them it is reported as skipped, with the reason.
import { api, assert, dni, isoDate } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

export async function dgtJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('dgt') || !modules.includes('contacts')) {
    skip(
      ['director-registers-a-student-and-records-an-exam'],
      `GET plugin/modules lists ${JSON.stringify(modules)}: the host has not installed the dgt and contacts packages (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'director-registers-a-student-and-records-an-exam', async () => {
    const document = dni(Date.now());
    const student = await api(page, 'POST', 'contact/create', { type: 'P', first_name: 'Irene', last_name: `Conductora${stamp}`, fiscal_code: document });
    await api(page, 'POST', 'contact/dgt/update', { contact_id: student.id, requested_licence: 'B' });
    const studentName = student.display_name;

    // A new register book.
    await menu(page).getByRole('link', { name: 'Libros de registro' }).click();
    await page.waitForURL('**/dgt/book/register/list/0');
    await page.getByRole('button', { name: 'Nuevo libro' }).click();
    const bookForm = page.getByRole('form', { name: 'Nuevo libro' });
    const bookName = `Libro E2E ${stamp}`;
    await bookForm.getByLabel(/^Nombre( \*)?$/).fill(bookName);
    await bookForm.getByRole('button', { name: 'Crear libro' }).click();
    await page.getByText(`Libro ${bookName} creado`, { exact: true }).first().waitFor();
    await page.waitForURL(/\/dgt\/book\/register\/view\/[1-9]\d*\/0$/);
    const bookId = Number(new URL(page.url()).pathname.split('/').at(-2));

    // The student, found by the unique last name; the form fills itself from the contact.
    await page.getByRole('button', { name: 'Inscribir alumno' }).click();
    const entryForm = page.getByRole('form', { name: 'Inscribir alumno' });
    const search = entryForm.getByRole('searchbox');
    await search.fill(`Conductora${stamp}`);
    await search.press('Enter');
    await entryForm.getByRole('button', { name: `Elegir a ${studentName}` }).click();
    await entryForm.getByTestId('entry-contact').waitFor();
    await entryForm.getByLabel(/^DNI\/NIE( \*)?$/).and(page.locator(`[value="${document}"]`)).waitFor();
    // Enrolled a month ago (an exam cannot come before the enrolment).
    await entryForm.getByLabel(/^Inscrito el( \*)?$/).fill(isoDate(-30));
    await shot('60-dgt-entry-from-contact');
    await entryForm.getByRole('button', { name: 'Inscribir', exact: true }).click();
    await page.getByText(new RegExp(`Conductora${stamp}.* inscrito con el número 1$`)).first().waitFor();
    await page.getByRole('table', { name: 'Alumnos del libro' }).getByTestId('entry-name').filter({ hasText: `Conductora${stamp}, Irene` }).waitFor();
    const entries = await api(page, 'GET', `dgt/book/register/student/read?book_id=${bookId}`);
    assert(entries.total === 1, `the book has ${entries.total} entries`);
    const entry = entries.items[0];
    assert(entry.licence === 'B' && entry.document === document && entry.contact_id === student.id, `entry ${JSON.stringify(entry)}`);

    // A theory folder for yesterday's exam; the student in it, then "Apto".
    await menu(page).getByRole('link', { name: 'Carpetas de examen' }).click();
    await page.waitForURL('**/dgt/folder/list');
    await page.getByRole('button', { name: 'Nueva carpeta' }).click();
    const folderForm = page.getByRole('form', { name: 'Nueva carpeta' });
    await folderForm.getByLabel(/^Nombre( \*)?$/).fill(`Teórico E2E ${stamp}`);
    await folderForm.getByRole('combobox', { name: /^Examen( \*)?$/ }).selectOption('theory');
    await folderForm.getByRole('combobox', { name: /^Permiso( \*)?$/ }).selectOption('B');
    await folderForm.getByLabel(/^Fecha de examen( \*)?$/).fill(isoDate(-1));
    const centre = `Jefatura E2E ${stamp}`;
    await folderForm.getByLabel(/^Centro de examen( \*)?$/).fill(centre);
    await folderForm.getByRole('button', { name: 'Crear carpeta' }).click();
    await page.waitForURL(/\/dgt\/folder\/view\/[1-9]\d*$/);
    const folderId = Number(new URL(page.url()).pathname.split('/').pop());

    const addForm = page.getByRole('form', { name: 'Añadir alumno' });
    const finder = addForm.getByRole('searchbox');
    await finder.fill(`Conductora${stamp}`);
    await finder.press('Enter');
    await addForm.getByRole('button', { name: `Elegir a ${studentName}` }).click();
    await addForm.getByRole('button', { name: 'Añadir a la carpeta' }).click();
    await page.getByRole('table', { name: 'Alumnos de la carpeta' }).getByTestId('student-name').filter({ hasText: studentName }).waitFor();
    await page.getByRole('combobox', { name: `Resultado de ${studentName}` }).selectOption('pass');
    await page.getByText(`Resultado de ${studentName}: Apto`, { exact: true }).first().waitFor();
    await shot('61-dgt-folder-result');

    const folder = await api(page, 'GET', `dgt/folder/read?id=${folderId}`);
    assert(folder.results.pass === 1 && folder.students[0].book_student_id === entry.id, `folder ${JSON.stringify(folder.results)} ${JSON.stringify(folder.students)}`);
    const stored = await api(page, 'GET', `dgt/book/register/student/read?id=${entry.id}`);
    assert(stored.theory_result === 'pass' && stored.theory_exam_date === isoDate(-1), `entry theory ${stored.theory_result} on ${stored.theory_exam_date}`);

    // The exam report: the centre with its folder and student, its numbers by exam, the session.
    await menu(page).getByRole('link', { name: 'Informe de exámenes' }).click();
    await page.waitForURL('**/dgt/convocatoriasreport/centros');
    const centreRow = page.getByRole('table', { name: 'Centros de examen' }).getByTestId('centre-row').filter({ hasText: centre });
    await centreRow.getByRole('button', { name: centre }).click();
    const numbers = page.getByRole('table', { name: `Resultados por prueba en ${centre}` });
    const theory = numbers.getByRole('row').filter({ hasText: 'Teórico' });
    await theory.getByTestId('pass-rate').filter({ hasText: '100,00 %' }).waitFor();
    await shot('181-dgt-report-centres');
    await page.getByRole('tab', { name: 'Convocatorias' }).click();
    await page.waitForURL('**/dgt/convocatoriasreport/convocatorias*');
    const session = page.getByRole('table', { name: 'Convocatorias' }).getByTestId('session-row').filter({ hasText: centre });
    await session.getByRole('link', { name: folder.reference }).waitFor();
    await shot('182-dgt-report-sessions');
    await session.getByRole('link', { name: folder.reference }).click();
    await page.waitForURL(`**/dgt/folder/view/${folderId}`);

    // The request of exam places, ready to print.
    await page.getByRole('link', { name: 'Solicitud de pruebas' }).click();
    await page.waitForURL(`**/dgt/folder/solicitud_pruebas_aptitud?folder=${folderId}`);
    const sheet = page.getByTestId('request-sheet');
    await sheet.getByTestId('request-reference').filter({ hasText: folder.reference }).waitFor();
    const row = sheet.getByTestId('request-student').filter({ hasText: studentName });
    await row.filter({ hasText: document }).filter({ hasText: 'Falta' }).waitFor();
    await page.getByTestId('request-missing').filter({ hasText: studentName }).waitFor();
    await page.emulateMedia({ media: 'print' });
    assert(!(await menu(page).isVisible()) && !(await page.getByTestId('request-tools').isVisible()), 'the menu or the tools would be printed');
    assert(await sheet.isVisible(), 'the sheet would not be printed');
    await page.emulateMedia({ media: 'screen' });
    await shot('183-dgt-exam-request');
  });
}
