// Notebooks journey: the notes plugin's remote loaded by the shell.
//  23. the director opens "Notas y documentos", creates a group and a notebook in it through the
//      screens and opens it from the list (filtered by the group); a note with an empty message is
//      refused with the host's "Debe indicar un mensaje para guardar" under the field; then a note
//      dated yesterday and one for today (no date: the server's day): newest first, with the
//      author's name and DD/MM/YYYY dates; the first is edited; what the host stored matches
// It needs the host to have installed the notes package (`volante demo` with
// plugins.registry_dir); without it, it is reported as skipped, with the reason. Names are
// unique per run.
import { api, assert } from './harness.mjs';
import { listedModules } from './modules.e2e.mjs';

const menu = (page) => page.getByRole('complementary', { name: 'Menú principal' });

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });
/** `YYYY-MM-DD` in Spain (the notes' days are Spain's) plus `days`. */
const spanishIso = (days) => spainDay.format(new Date(Date.now() + days * 86_400_000));
/** `YYYY-MM-DD` as the screens show it: `DD/MM/YYYY`. */
const shown = (iso) => iso.split('-').reverse().join('/');

export async function notesJourneys({ host, browser, journey, skip }) {
  const { page, shot } = browser;
  await page.goto(`${host.base}/dashboard`);
  await page.getByTestId('greeting').waitFor();
  const modules = await listedModules(page);
  if (!modules.includes('notes')) {
    skip(
      ['staff-write-in-a-notebook'],
      `GET plugin/modules lists no notes module (${JSON.stringify(modules)}): the host has not installed the notes package (volante demo with plugins.registry_dir)`,
    );
    return;
  }

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await journey(browser, 'staff-write-in-a-notebook', async () => {
    const groupName = `Relevos E2E ${stamp}`;
    const title = `Cuaderno de relevos ${stamp}`;
    const { user } = await api(page, 'GET', 'user/verify');
    const author = `${user.first_name} ${user.last_name}`.trim();
    // The day is read once: a journey across midnight would see two "today"s.
    const today = spanishIso(0);
    const yesterday = spanishIso(-1);
    const older = `Incidencia del ${stamp}: el Ibiza pierde aceite, avisado el taller`;
    const newer = `Relevo del ${stamp}: llaves del aula 2 en secretaría`;
    const edited = `${newer}; el aula 2 vuelve a estar disponible`;

    // A group, in the panel beside the notebooks.
    await menu(page).getByRole('link', { name: 'Notas y documentos', exact: true }).click();
    await page.waitForURL('**/notes_documents/list');
    await page.getByRole('table', { name: 'Documentos de notas' }).waitFor();
    const panel = page.getByTestId('groups-panel');
    const groupForm = panel.getByRole('form', { name: 'Nuevo grupo' });
    await groupForm.getByRole('textbox', { name: /^Nombre( \*)?$/ }).fill(groupName);
    await groupForm.getByRole('button', { name: 'Crear grupo' }).click();
    await page.getByText(`Grupo ${groupName} creado`).first().waitFor();
    await panel.getByTestId('group').filter({ hasText: groupName }).filter({ hasText: '0 documentos' }).waitFor();

    // A notebook in it, from "Nuevo documento" (which opens it once made).
    await page.getByRole('button', { name: 'Nuevo documento' }).click();
    const documentForm = page.getByRole('form', { name: 'Nuevo documento' });
    await documentForm.getByRole('textbox', { name: /^Título( \*)?$/ }).fill(title);
    await documentForm.getByRole('combobox', { name: /^Grupo( \*)?$/ }).selectOption({ label: groupName });
    await documentForm.getByRole('textbox', { name: /^Descripción( \*)?$/ }).fill('Lo que el turno de mañana deja dicho al de tarde');
    await shot('85-notes-new-document');
    await documentForm.getByRole('button', { name: 'Crear documento' }).click();
    await page.waitForURL(/\/notes_documents\/view\/[1-9]\d*$/);
    const documentId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`Documento ${title} creado`).first().waitFor();

    // Listed under its group; opened from there.
    await page.getByRole('link', { name: 'Volver a los documentos' }).click();
    await page.waitForURL('**/notes_documents/list');
    await page.getByRole('combobox', { name: 'Grupo', exact: true }).selectOption({ label: groupName });
    await page.getByTestId('paginator-text').filter({ hasText: 'Viendo 1 a 1 de 1' }).waitFor();
    const row = page.getByRole('table', { name: 'Documentos de notas' }).getByRole('row').filter({ hasText: title });
    await row.getByTestId('group-chip').filter({ hasText: groupName }).waitFor();
    await row.getByTestId('document-notes').filter({ hasText: /^0$/ }).waitFor();
    await panel.getByTestId('group').filter({ hasText: groupName }).filter({ hasText: '1 documento' }).waitFor();
    await row.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/notes_documents/view/${documentId}`);
    await page.getByTestId('view-title').filter({ hasText: title }).waitFor();
    await page.getByTestId('view-created-by').filter({ hasText: author }).waitFor();

    // An empty message: the host's message under the field, nothing written.
    const noteForm = page.getByRole('form', { name: 'Nueva nota' });
    await noteForm.getByRole('button', { name: 'Añadir nota' }).click();
    await noteForm.getByTestId('error-message').filter({ hasText: 'Debe indicar un mensaje para guardar' }).waitFor();
    await shot('86-notes-empty-message');

    // Yesterday's note, then today's (no date: the server's day).
    const message = noteForm.getByRole('textbox', { name: /^Mensaje( \*)?$/ });
    await message.fill(older);
    await noteForm.getByLabel(/^Fecha( \*)?$/).fill(yesterday);
    await noteForm.getByRole('button', { name: 'Añadir nota' }).click();
    await page.getByText('Nota añadida').first().waitFor();
    const notes = page.getByRole('table', { name: 'Notas del documento' });
    await notes.getByTestId('note-message').filter({ hasText: older }).waitFor();
    await page.getByTestId('view-notes').filter({ hasText: /^1$/ }).waitFor();
    assert((await noteForm.getByTestId('error-message').count()) === 0, 'the message error stays after a note was written');
    assert((await message.inputValue()) === '', 'the new note form keeps the written message');
    await message.fill(newer);
    await noteForm.getByRole('button', { name: 'Añadir nota' }).click();
    await notes.getByTestId('note-message').filter({ hasText: newer }).waitFor();
    await page.getByTestId('view-notes').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('view-last-date').filter({ hasText: shown(today) }).waitFor();

    // Newest first, with their author and DD/MM/YYYY dates.
    const texts = async (testId) => (await notes.getByTestId(testId).allTextContents()).map((t) => t.trim());
    assert(JSON.stringify(await texts('note-message')) === JSON.stringify([newer, older]), `messages ${JSON.stringify(await texts('note-message'))}`);
    assert(JSON.stringify(await texts('note-date')) === JSON.stringify([shown(today), shown(yesterday)]), `dates ${JSON.stringify(await texts('note-date'))}`);
    assert(JSON.stringify(await texts('note-author')) === JSON.stringify([author, author]), `authors ${JSON.stringify(await texts('note-author'))}`);
    await shot('87-notes-two-notes');

    // The first (today's) edited.
    await notes.getByRole('button', { name: `Editar la nota del ${shown(today)} de ${author}` }).click();
    const editForm = page.getByRole('form', { name: `Editar la nota del ${shown(today)}` });
    const editMessage = editForm.getByRole('textbox', { name: /^Mensaje( \*)?$/ });
    assert((await editMessage.inputValue()) === newer, `the edit form shows ${await editMessage.inputValue()}`);
    assert((await editForm.getByLabel(/^Fecha( \*)?$/).inputValue()) === today, `the edit form's date ${await editForm.getByLabel(/^Fecha( \*)?$/).inputValue()}`);
    await editMessage.fill(edited);
    await editForm.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Nota guardada').first().waitFor();
    await editForm.waitFor({ state: 'detached' });
    await notes.getByTestId('note-message').filter({ hasText: edited }).waitFor();
    assert(JSON.stringify(await texts('note-message')) === JSON.stringify([edited, older]), `messages after the edit ${JSON.stringify(await texts('note-message'))}`);
    await shot('88-notes-edited');

    // What the host stored.
    const stored = await api(page, 'POST', 'note/readall', { document_id: documentId });
    const fields = (n) => [n.document_id, n.date, n.message, n.user_id, n.user_name, n.state];
    assert(
      stored.total === 2 &&
        JSON.stringify(stored.items.map(fields)) ===
          JSON.stringify([
            [documentId, today, edited, user.user_id, author, 'active'],
            [documentId, yesterday, older, user.user_id, author, 'active'],
          ]),
      `stored notes ${JSON.stringify(stored.items)}`,
    );
    const notebook = await api(page, 'GET', `note/document/read?id=${documentId}`);
    assert(notebook.title === title && notebook.group_name === groupName && notebook.notes === 2 && notebook.last_date === today, `stored notebook ${JSON.stringify(notebook)}`);
  });
}
