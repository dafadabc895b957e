import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { editor, renderModule } from '../test/render';
import { body, content, contentRows, page, query, temaries } from '../test/fixtures';

/** Content 5 (as `read` answers it, changed by `extra`), the syllabi and the list. */
function contentHost(extra: object = {}, routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET formative/content/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(content(extra)) : page(contentRows())),
    'GET temary/list': page(temaries()),
    'GET formative/assignment/read': page([]),
    ...(routes as Record<string, object>),
  });
}

const facts = () => screen.getByTestId('content-tab');

describe('a content', () => {
  it('"Contenido": its figures, data and the outline of its syllabi with the lessons numbered', async () => {
    const api = contentHost({
      syllabi: [
        ...content().syllabi,
        { id: 8, state: 'deleted', themes: [] },
      ],
      temary_ids: [3, 4, 8],
    });
    renderModule('/formative/content/view/5', api);
    expect(await screen.findByTestId('content-title')).toHaveTextContent('Teórico permiso B');
    expect(api.calls('GET formative/content/read').map(query)).toEqual([{ id: '5' }]);
    expect(within(screen.getByRole('tablist', { name: 'Datos del contenido' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Contenido', 'Alumnos']);
    expect(['lessons', 'students', 'completed', 'reached_90'].map((f) => within(facts()).getByTestId(`figure-${f}`).textContent)).toEqual(['Lecciones4', 'Alumnos12', 'Completados2', 'Al 90 % o más5']);
    expect(within(facts()).getByTestId('fact-hours')).toHaveTextContent('40 horas');
    expect(within(facts()).getByTestId('fact-access')).toHaveTextContent('90 días');
    expect(within(facts()).getByTestId('fact-description')).toHaveTextContent('Curso en línea del permiso B');

    const syllabi = within(facts()).getAllByTestId('outline-syllabus');
    expect(syllabi.map((s) => s.querySelector('h4')?.textContent)).toEqual(['Permiso B', 'Señales', 'Temario 8 (eliminado)']);
    expect(within(facts()).getAllByTestId('outline-lesson').map((l) => l.textContent)).toEqual([
      'Lección 1: La vía pública',
      'Lección 2: Los usuarios',
      'Lección 3: Límites de velocidad',
      'Lección 4: De peligro',
    ]);
    expect(within(syllabi[2]).getByTestId('outline-deleted')).toHaveTextContent('Este temario se ha eliminado');
  });

  it('"Editar" sends only what changed (the syllabi in their new order); nothing changed says so', async () => {
    const api = contentHost({}, { 'POST formative/content/update': (req: MockRequest) => envelopeOk(content({ ...body(req), name: 'Teórico B' })) });
    renderModule('/formative/content/view/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    let form = within(await screen.findByRole('dialog', { name: 'Editar Teórico permiso B' })).getByRole('form', { name: 'Datos del contenido' });
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Teórico permiso B');
    expect(within(form).getAllByTestId('chosen-syllabus').map((li) => li.firstChild?.textContent)).toEqual(['Permiso B', 'Señales']);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST formative/content/update')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    form = within(await screen.findByRole('dialog')).getByRole('form', { name: 'Datos del contenido' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Teórico B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bajar Permiso B' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Contenido Teórico B guardado')).toBeInTheDocument();
    expect(api.calls('POST formative/content/update').map(body)).toEqual([{ id: 5, name: 'Teórico B', temary_ids: [4, 3] }]);
    // the page shows the saved content
    await waitFor(() => expect(screen.getByTestId('content-title')).toHaveTextContent('Teórico B'));
  });

  it('"Eliminar" asks first (naming its students), then goes back to the list; a refusal is shown', async () => {
    const api = contentHost({}, { 'POST formative/content/delete': writeError('CONFLICT-000', 'El contenido ya está eliminado') });
    renderModule('/formative/content/view/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el contenido' });
    expect(dialog).toHaveTextContent('¿Eliminar el contenido «Teórico permiso B»? Sus 12 alumnos perderán el acceso: sus enlaces dejarán de funcionar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST formative/content/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('content-action-errors')).toHaveTextContent('El contenido ya está eliminado');

    api.on('POST formative/content/delete', envelopeOk(content({ state: 'deleted' })));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Contenido Teórico permiso B eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/formative/content/list'));
    expect(api.calls('POST formative/content/delete').map(body)).toEqual([{ id: 5 }, { id: 5 }]);
  });

  it('a deleted content is read only; without formative.content.assign there is no "Alumnos" tab', async () => {
    renderModule('/formative/content/view/5', contentHost({ state: 'deleted' }), editor);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este contenido está eliminado');
    expect(screen.getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Contenido']);
  });

  it("a content that cannot be read shows the host's reason with a retry", async () => {
    const api = mockApi({ 'GET formative/content/read': readError('NOT-FOUND-000', 'El contenido no existe') });
    renderModule('/formative/content/view/99', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('El contenido no existe');
    api.on('GET formative/content/read', envelopeOk(content({ id: 99 })));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('content-title')).toHaveTextContent('Teórico permiso B');
  });
});
