import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, subtheme, temary, themeDetail } from '../test/fixtures';

/** "Las señales" (theme 21) of Permiso B (5); the writes answer what was sent. */
function themeHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET temary/theme/read/21': envelopeOk(themeDetail()),
    'GET temary/read/5': envelopeOk(temary()),
    'POST temary/theme/update': (req: MockRequest) => envelopeOk(themeDetail(body(req))),
    'POST temary/subtheme/create': (req: MockRequest) => envelopeOk({ ...subtheme({ id: 34, position: 3 }), ...body(req) }),
    'POST temary/subtheme/update': (req: MockRequest) => envelopeOk({ ...subtheme(), ...body(req) }),
    'POST temary/subtheme/delete': (req: MockRequest) => envelopeOk({ ...subtheme({ id: body(req).id, state: 'deleted' }) }),
    ...(routes as Record<string, object>),
  });
}

const reads = (api: ReturnType<typeof themeHost>) => api.calls('GET temary/theme/read/21');
const subthemeTitles = () => screen.getAllByTestId('subtheme-title').map((link) => link.textContent);

describe('a theme', () => {
  it('shows where it stands (a trail back to its syllabus), its data and its subthemes in order', async () => {
    const api = themeHost();
    renderModule('/temary/theme/create/21/5', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Las señales');
    expect(screen.getByTestId('view-position')).toHaveTextContent('Tema 1 del temario');
    const trail = screen.getByRole('navigation', { name: 'Dónde está en el temario' });
    expect(within(trail).getByRole('link', { name: 'Temarios' })).toHaveAttribute('href', '/temary/list');
    expect(await within(trail).findByRole('link', { name: 'Permiso B' })).toHaveAttribute('href', '/temary/create/5');
    expect(screen.getByRole('link', { name: 'Volver al temario' })).toHaveAttribute('href', '/temary/create/5');

    const form = screen.getByRole('form', { name: 'Datos del tema' });
    expect(within(form).getByRole('textbox', { name: /^Título/ })).toHaveValue('Las señales');
    expect(within(form).getByRole('textbox', { name: 'Posición' })).toHaveValue('1');
    expect(within(form).getByRole('textbox', { name: 'Descripción' })).toHaveValue('Verticales, horizontales y semáforos');

    const list = screen.getByRole('list', { name: 'Subtemas de Las señales' });
    expect(within(list).getAllByTestId('subtheme').map((li) => within(li).getByTestId('position').textContent)).toEqual(['1', '2']);
    expect(subthemeTitles()).toEqual(['Semáforos', 'Señales verticales']);
    expect(screen.getByRole('link', { name: 'Señales verticales' })).toHaveAttribute('href', '/temary/subtheme/create/32/21/5');
    expect(screen.getByRole('link', { name: 'Editar el subtema Semáforos' })).toHaveAttribute('href', '/temary/subtheme/create/31/21/5');
  });

  it('saves only what changed (an update without a position leaves it where it is)', async () => {
    const api = themeHost();
    renderModule('/temary/theme/create/21/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del tema' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST temary/theme/update')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: ' Las señales de tráfico ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tema Las señales de tráfico guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('view-title')).toHaveTextContent('Las señales de tráfico'));

    const again = screen.getByRole('form', { name: 'Datos del tema' });
    fireEvent.change(within(again).getByRole('textbox', { name: 'Posición' }), { target: { value: '3' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST temary/theme/update')).toHaveLength(2));
    expect(api.calls('POST temary/theme/update').map(body)).toEqual([
      { id: 21, title: 'Las señales de tráfico' },
      { id: 21, position: 3 },
    ]);
  });

  it("checks the position before sending, and shows the host's errors under their field", async () => {
    const api = themeHost({ 'POST temary/theme/update': writeError('REQ-102', 'El campo title es obligatorio', { field: 'title' }) });
    renderModule('/temary/theme/create/21/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del tema' });
    const position = within(form).getByRole('textbox', { name: 'Posición' });
    fireEvent.change(position, { target: { value: 'dos' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-position')).toHaveTextContent('Introduzca un número entero');
    fireEvent.change(position, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-position')).toHaveTextContent('El valor mínimo es 1');
    expect(api.calls('POST temary/theme/update')).toHaveLength(0);

    fireEvent.change(position, { target: { value: '1' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'Señales' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('El campo title es obligatorio');
    expect(within(form).queryByTestId('error-position')).not.toBeInTheDocument();
  });

  it('adds a subtheme, moves one up or down and deletes one once confirmed, reading the theme again each time', async () => {
    const api = themeHost();
    renderModule('/temary/theme/create/21/5', api);
    await screen.findAllByTestId('subtheme');
    expect(screen.getByRole('button', { name: 'Subir el subtema Semáforos' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar el subtema Señales verticales' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bajar el subtema Semáforos' }));
    await waitFor(() => expect(reads(api)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Subir el subtema Señales verticales' }));
    await waitFor(() => expect(reads(api)).toHaveLength(3));
    expect(api.calls('POST temary/subtheme/update').map(body)).toEqual([
      { id: 31, position: 2 },
      { id: 32, position: 1 },
    ]);

    const form = screen.getByRole('form', { name: 'Nuevo subtema' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'Marcas viales' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Líneas y flechas' } });
    api.on('GET temary/theme/read/21', envelopeOk(themeDetail({ subthemes: [...themeDetail().subthemes, subtheme({ id: 34, position: 3, title: 'Marcas viales' })] })));
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir subtema' }));
    expect(await screen.findByText('Subtema Marcas viales añadido')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/create').map(body)).toEqual([{ theme_id: 21, title: 'Marcas viales', description: 'Líneas y flechas' }]);
    await waitFor(() => expect(subthemeTitles()).toEqual(['Semáforos', 'Señales verticales', 'Marcas viales']));
    expect(within(screen.getByRole('form', { name: 'Nuevo subtema' })).getByRole('textbox', { name: /^Título/ })).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el subtema Semáforos' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el subtema' });
    expect(dialog).toHaveTextContent('¿Eliminar el subtema «Semáforos»? Sus secciones dejan de estar en el temario.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Subtema Semáforos eliminado')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/delete').map(body)).toEqual([{ id: 31 }]);
  });

  it('"Eliminar" the theme asks first, then goes back to its syllabus', async () => {
    const api = themeHost({ 'POST temary/theme/delete': envelopeOk(themeDetail({ state: 'deleted' })) });
    renderModule('/temary/theme/create/21/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el tema' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/create/5'));
    expect(api.calls('POST temary/theme/delete').map(body)).toEqual([{ id: 21 }]);
  });

  it('a new one (0): title, description and position, then its page', async () => {
    const api = themeHost({
      'POST temary/theme/create': (req: MockRequest) => envelopeOk(themeDetail({ ...body(req), id: 24, subthemes: [] })),
      'GET temary/theme/read/24': envelopeOk(themeDetail({ id: 24, position: 2, title: 'La velocidad', subthemes: [] })),
    });
    renderModule('/temary/theme/create/0/5', api);
    const form = await screen.findByRole('form', { name: 'Nuevo tema' });
    expect(await within(screen.getByTestId('trail')).findByRole('link', { name: 'Permiso B' })).toHaveAttribute('href', '/temary/create/5');
    expect(within(form).getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/temary/create/5');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'La velocidad' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Posición' }), { target: { value: ' 2 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir tema' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/theme/create/24/5'));
    expect(api.calls('POST temary/theme/create').map(body)).toEqual([{ temary_id: 5, title: 'La velocidad', description: '', position: 2 }]);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('La velocidad');
  });

  it('a new one in a syllabus deleted meanwhile shows the refusal above the form', async () => {
    const api = themeHost({ 'POST temary/theme/create': writeError('REQ-102', 'El temario no existe', { field: 'temary_id' }) });
    renderModule('/temary/theme/create/0/5', api);
    const form = await screen.findByRole('form', { name: 'Nuevo tema' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'La velocidad' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir tema' }));
    expect(await within(form).findByTestId('child-errors')).toHaveTextContent('El temario no existe');
    expect(api.calls('POST temary/theme/create').map(body)).toEqual([{ temary_id: 5, title: 'La velocidad', description: '' }]);
  });

  it('is read only when deleted, or when its syllabus is', async () => {
    const api = themeHost({ 'GET temary/theme/read/21': envelopeOk(themeDetail({ state: 'deleted' })) });
    const { unmount } = renderModule('/temary/theme/create/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este tema está eliminado');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bajar el subtema Semáforos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nuevo subtema' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del tema' })).getByRole('textbox', { name: /^Título/ })).toBeDisabled();
    unmount();

    api.on('GET temary/theme/read/21', envelopeOk(themeDetail()));
    api.on('GET temary/read/5', envelopeOk(temary({ state: 'deleted' })));
    renderModule('/temary/theme/create/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('El temario de este tema está eliminado');
    expect(screen.queryByRole('button', { name: 'Eliminar el subtema Semáforos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir el subtema Semáforos' })).toHaveAttribute('href', '/temary/subtheme/create/31/21/5');
  });

  it("a theme that cannot be read shows the host's reason", async () => {
    const api = themeHost({ 'GET temary/theme/read/21': readError('NOT-FOUND-000', 'No se encuentra el tema solicitado') });
    renderModule('/temary/theme/create/21/5', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el tema solicitado');
  });
});
