import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, branches, entryDetail, found, lucia, page, query, saved } from '../test/fixtures';
import { today } from '../format';

/** The licence check: nothing found, unless told. */
const noEntries = (req: MockRequest) => {
  const body = req.body as { document: string; licence: string };
  return envelopeOk({ document: body.document, licence: body.licence, exists: false, open: false, entries: [] });
};

function entriesHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/book/register/read': envelopeOk(book()),
    'GET business/branch/list': envelopeOk(branches),
    'GET dgt/book/register/student/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(entryDetail()) : page([lucia()])),
    'POST dgt/book/register/student/exist/license': noEntries,
    ...routes,
  });
}

async function openNewEntry(api = entriesHost()) {
  renderModule('/dgt/book/register/view/4/1', api);
  return screen.findByRole('form', { name: 'Inscribir alumno' });
}

const field = (form: HTMLElement, label: RegExp | string) => within(form).getByLabelText(label);

describe('"Inscribir alumno"', () => {
  it('opens at once with new_student 1; needs names, DNI/NIE and licence; checks the licence, then sends the entry and reads the book again', async () => {
    const api = entriesHost({
      'POST dgt/book/register/student/create': (req: MockRequest) => envelopeOk(entryDetail({ ...lucia(), ...(req.body as object), id: 40, number: 38 })),
    });
    const form = await openNewEntry(api);
    expect(within(form).getByText('Vacío: el siguiente libre (38)')).toBeInTheDocument();
    // no exam fields on a new entry
    expect(within(form).queryByLabelText('Resultado del teórico')).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Inscribir' }));
    expect(await within(form).findByTestId('error-first_name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST dgt/book/register/student/create')).toHaveLength(0);

    fireEvent.change(field(form, /^Nombre/), { target: { value: ' Marta ' } });
    fireEvent.change(field(form, /^Apellidos/), { target: { value: 'Gómez Sanz' } });
    fireEvent.change(field(form, /^DNI\/NIE/), { target: { value: 'y1234567x' } });
    fireEvent.change(field(form, 'Teléfono'), { target: { value: '600111222' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Provincia' }), { target: { value: '23' } });
    fireEvent.change(field(form, 'Código postal'), { target: { value: '23700' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'A2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Inscribir' }));

    expect(await screen.findByText('Gómez Sanz, Marta inscrito con el número 38')).toBeInTheDocument();
    // the licence was checked before saving
    expect(api.calls('POST dgt/book/register/student/exist/license').at(-1)!.body).toEqual({ document: 'Y1234567X', licence: 'A2' });
    expect(api.calls('POST dgt/book/register/student/create')[0].body).toEqual({
      book_id: 4, first_name: 'Marta', last_names: 'Gómez Sanz', document: 'Y1234567X', phone: '600111222', postal_code: '23700', licence: 'A2', province_id: 23,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Inscribir alumno' })).not.toBeInTheDocument());
    // the book (its fill) and the entries are read again
    await waitFor(() => expect(api.calls('GET dgt/book/register/read').length).toBeGreaterThan(1));
    await waitFor(() => expect(api.calls('GET dgt/book/register/student/read').length).toBeGreaterThan(1));
  });

  it('fills the form from a contact chosen in the finder, and lists and warns about the person\'s open entry for the licence', async () => {
    const open = { id: 31, book_id: 4, book_name: 'Libro 3', number: 37, licence: 'B', enrolled_on: '2026-11-02', licence_issued_on: null, left_on: null };
    const issued = { id: 12, book_id: 2, book_name: 'Libro 2', number: 90, licence: 'AM', enrolled_on: '2024-05-01', licence_issued_on: '2024-07-01', left_on: null };
    const api = entriesHost({
      'GET contact/finder': envelopeOk([found(12, 'Lucía García Pérez', '12345678Z')]),
      'GET dgt/book/register/contact/read/12': envelopeOk({
        contact_id: 12, first_name: 'Lucía', last_names: 'García Pérez', document: '12345678Z', birth_date: '2004-05-06', address: 'C/ Mayor 1',
        city: 'Linares', province_id: 23, postal_code: '23700', phone: '612345678', licence: 'B', entries: [open, issued],
      }),
      'POST dgt/book/register/student/exist/license': envelopeOk({ document: '12345678Z', licence: 'B', exists: true, open: true, entries: [open] }),
    });
    const form = await openNewEntry(api);
    const finder = within(form).getByTestId('contact-finder');
    const box = within(finder).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'lucia' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await within(finder).findByRole('button', { name: 'Elegir a Lucía García Pérez' }));
    expect(query(api.calls('GET contact/finder')[0])).toEqual({ search: 'lucia', type: 'P' });

    await waitFor(() => expect(field(form, /^Nombre/)).toHaveValue('Lucía'));
    expect(api.calls('GET dgt/book/register/contact/read/12')).toHaveLength(1);
    expect(field(form, /^Apellidos/)).toHaveValue('García Pérez');
    expect(field(form, /^DNI\/NIE/)).toHaveValue('12345678Z');
    expect(field(form, 'Fecha de nacimiento')).toHaveValue('2004-05-06');
    expect(field(form, 'Dirección')).toHaveValue('C/ Mayor 1');
    expect(field(form, 'Localidad')).toHaveValue('Linares');
    expect(within(form).getByRole('combobox', { name: 'Provincia' })).toHaveValue('23');
    expect(field(form, 'Teléfono')).toHaveValue('612345678');
    expect(within(form).getByRole('combobox', { name: /^Permiso/ })).toHaveValue('B');
    expect(within(form).getByTestId('entry-contact')).toHaveTextContent('Datos de Lucía García Pérez');

    const existing = within(form).getByTestId('existing-entries');
    expect(within(existing).getAllByTestId('existing-entry').map((li) => li.textContent)).toEqual([
      'Libro Libro 3, n.º 37Permiso B, inscrito el 02/11/2026 · En formación',
      'Libro Libro 2, n.º 90Permiso AM, inscrito el 01/05/2024 · Permiso expedido',
    ]);
    expect(within(existing).getByRole('link', { name: 'Libro Libro 3, n.º 37' })).toHaveAttribute('href', '/dgt/book/register/view/4/0?entry=31');
    expect(within(form).getByTestId('existing-warning')).toHaveTextContent('Ya está en formación para el permiso B en el libro Libro 3 con el número 37');

    // saving is not even tried: the host would refuse a second open entry for B
    fireEvent.click(within(form).getByRole('button', { name: 'Inscribir' }));
    await waitFor(() => expect(api.calls('POST dgt/book/register/student/exist/license')).toHaveLength(1));
    expect(api.calls('POST dgt/book/register/student/create')).toHaveLength(0);

    // another licence: no warning, and the entry goes with its contact
    api.on('POST dgt/book/register/student/exist/license', noEntries);
    api.on('POST dgt/book/register/student/create', envelopeOk(entryDetail({ ...lucia(), id: 41, number: 38, licence: 'A2' })));
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'A2' } });
    await waitFor(() => expect(api.calls('POST dgt/book/register/student/exist/license')).toHaveLength(2));
    await waitFor(() => expect(within(form).queryByTestId('existing-warning')).not.toBeInTheDocument());
    // the person's entries are still listed
    expect(within(form).getAllByTestId('existing-entry')).toHaveLength(2);
    fireEvent.click(within(form).getByRole('button', { name: 'Inscribir' }));
    await waitFor(() => expect(api.calls('POST dgt/book/register/student/create')).toHaveLength(1));
    expect(api.calls('POST dgt/book/register/student/create')[0].body).toEqual({
      book_id: 4, contact_id: 12, first_name: 'Lucía', last_names: 'García Pérez', document: '12345678Z', birth_date: '2004-05-06', phone: '612345678',
      address: 'C/ Mayor 1', city: 'Linares', postal_code: '23700', licence: 'A2', province_id: 23,
    });
  });

  it('warns when the DNI/NIE typed already trains for the licence (checked on leaving the field)', async () => {
    const api = entriesHost({
      'POST dgt/book/register/student/exist/license': envelopeOk({
        document: '12345678Z', licence: 'B', exists: true, open: true,
        entries: [{ id: 31, book_id: 7, book_name: 'Libro 1 - Jaén', number: 5, licence: 'B', enrolled_on: '2026-10-01', licence_issued_on: null, left_on: null }],
      }),
    });
    const form = await openNewEntry(api);
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'B' } });
    // without a DNI/NIE nothing is asked
    expect(api.calls('POST dgt/book/register/student/exist/license')).toHaveLength(0);
    fireEvent.change(field(form, /^DNI\/NIE/), { target: { value: '12345678z' } });
    fireEvent.blur(field(form, /^DNI\/NIE/));
    expect(await within(form).findByTestId('existing-warning')).toHaveTextContent('en el libro Libro 1 - Jaén con el número 5');
    expect(api.calls('POST dgt/book/register/student/exist/license')[0].body).toEqual({ document: '12345678Z', licence: 'B' });
  });

  it('shows the host\'s refusals: a contact that is a company above the finder, a DNI/NIE under its field', async () => {
    const api = entriesHost({
      'GET contact/finder': envelopeOk([found(50, 'Transportes Ruiz SL')]),
      'GET dgt/book/register/contact/read/50': readError('REQ-102', 'Solo las personas se inscriben en el libro de registro', { field: 'contact_id' }),
      'POST dgt/book/register/student/create': writeError('REQ-102', 'El DNI/NIE no es válido', { field: 'document' }),
    });
    const form = await openNewEntry(api);
    const box = within(within(form).getByTestId('contact-finder')).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'ruiz' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Elegir a Transportes Ruiz SL' }));
    expect(await within(form).findByTestId('contact-errors')).toHaveTextContent('Solo las personas se inscriben en el libro de registro');
    expect(field(form, /^Nombre/)).toHaveValue('');

    fireEvent.change(field(form, /^Nombre/), { target: { value: 'Marta' } });
    fireEvent.change(field(form, /^Apellidos/), { target: { value: 'Gómez' } });
    fireEvent.change(field(form, /^DNI\/NIE/), { target: { value: '12345678A' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Permiso/ }), { target: { value: 'B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Inscribir' }));
    expect(await within(form).findByTestId('error-document')).toHaveTextContent('El DNI/NIE no es válido');
    expect(field(form, /^DNI\/NIE/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('an entry of the book', () => {
  const exam = { id: 51, folder_id: 8, reference: 'EX-2026-0007', exam_kind: 'theory', licence: 'B', exam_date: '2026-12-03', status: 'submitted', result: 'pass' };

  function entryHost(routes: Record<string, object> = {}) {
    return entriesHost({
      'GET dgt/book/register/student/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(entryDetail(lucia(), [exam])) : page([lucia()])),
      ...routes,
    });
  }

  it('opens from the list with its folders, and sends only what changed, exams included', async () => {
    const api = entryHost({ 'POST dgt/book/register/student/update': saved(entryDetail(lucia(), [exam])) });
    renderModule('/dgt/book/register/view/4/0', api);
    fireEvent.click(await screen.findByRole('link', { name: 'García Pérez, Lucía' }));
    const form = await screen.findByRole('form', { name: 'Datos de la inscripción' });
    expect(query(api.calls('GET dgt/book/register/student/read').find((r) => r.query.get('id'))!)).toEqual({ id: '31' });
    expect(screen.getByText('N.º 37 · García Pérez, Lucía')).toBeInTheDocument();
    const folders = screen.getByRole('table', { name: 'Carpetas de examen del alumno' });
    expect(within(folders).getByRole('link', { name: 'EX-2026-0007' })).toHaveAttribute('href', '/dgt/folder/view/8');
    expect(within(folders).getByText('Teórico')).toBeInTheDocument();
    expect(within(folders).getByText('Presentada')).toBeInTheDocument();
    expect(within(folders).getByText('Apto')).toBeInTheDocument();

    fireEvent.change(field(form, 'Fecha del examen teórico'), { target: { value: '2026-12-03' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Resultado del teórico' }), { target: { value: 'pass' } });
    fireEvent.change(field(form, 'Localidad'), { target: { value: 'Bailén' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Inscripción guardada')).toBeInTheDocument();
    expect(api.calls('POST dgt/book/register/student/update')[0].body).toEqual({ id: 31, city: 'Bailén', theory_exam_date: '2026-12-03', theory_result: 'pass' });
  });

  it('"Permiso expedido" and "Dar de baja" (asked first) write today\'s date; the host\'s refusal is shown', async () => {
    const api = entryHost({ 'POST dgt/book/register/student/update': writeError('REQ-102', 'El permiso se expide tras aprobar el examen práctico', { field: 'licence_issued_on' }) });
    renderModule('/dgt/book/register/view/4/0?entry=31', api);
    await screen.findByRole('form', { name: 'Datos de la inscripción' });
    fireEvent.click(screen.getByRole('button', { name: 'Permiso expedido' }));
    expect(await screen.findByTestId('entry-action-errors')).toHaveTextContent('El permiso se expide tras aprobar el examen práctico');
    expect(api.calls('POST dgt/book/register/student/update')[0].body).toEqual({ id: 31, licence_issued_on: today() });

    api.on('POST dgt/book/register/student/update', saved(entryDetail(lucia(), [exam])));
    fireEvent.click(screen.getByRole('button', { name: 'Dar de baja' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Dar de baja hoy a García Pérez, Lucía?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await screen.findByText('García Pérez, Lucía dado de baja')).toBeInTheDocument();
    expect(api.calls('POST dgt/book/register/student/update')[1].body).toEqual({ id: 31, left_on: today() });
    // it left: no quick actions, the status says so
    await waitFor(() => expect(within(screen.getByTestId('entry-panel')).getByTestId('entry-status')).toHaveTextContent('Baja'));
    expect(screen.queryByRole('button', { name: 'Permiso expedido' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('entry-action-errors')).not.toBeInTheDocument();
  });

  it('"Anular inscripción" asks first (the number stays taken) and shows the host\'s refusal', async () => {
    const api = entryHost({ 'POST dgt/book/register/student/delete': writeError('CONFLICT-000', 'El alumno está en la carpeta EX-2026-0007: quítelo de ella antes') });
    renderModule('/dgt/book/register/view/4/0?entry=31', api);
    await screen.findByRole('form', { name: 'Datos de la inscripción' });
    fireEvent.click(screen.getByRole('button', { name: 'Anular inscripción' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('El número 37 seguirá ocupado');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular inscripción' }));
    expect(await screen.findByTestId('entry-action-errors')).toHaveTextContent('El alumno está en la carpeta EX-2026-0007: quítelo de ella antes');
    expect(api.calls('POST dgt/book/register/student/delete').map((r) => r.body)).toEqual([{ id: 31 }]);

    api.on('POST dgt/book/register/student/delete', envelopeOk(entryDetail(lucia({ state: 'deleted' }))));
    fireEvent.click(screen.getByRole('button', { name: 'Anular inscripción' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Anular inscripción' }));
    expect(await screen.findByText('Inscripción de García Pérez, Lucía anulada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('entry-panel')).not.toBeInTheDocument());
  });
});
