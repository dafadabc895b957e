import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, page, rows, temary, theme } from '../test/fixtures';

/** Permiso B with its tree; the writes answer what was sent. */
function temaryHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET temary/read/5': envelopeOk(temary()),
    'POST temary/update': (req: MockRequest) => envelopeOk(temary(body(req))),
    'POST temary/theme/create': (req: MockRequest) => envelopeOk({ ...theme({ id: 24, position: 4 }), ...body(req), subthemes: [] }),
    'POST temary/theme/update': (req: MockRequest) => envelopeOk({ ...theme(), ...body(req), subthemes: [] }),
    'POST temary/theme/delete': (req: MockRequest) => envelopeOk({ ...theme({ id: body(req).id, state: 'deleted' }), subthemes: [] }),
    'POST temary/subtheme/create': (req: MockRequest) => envelopeOk({ id: 34, ...body(req) }),
    ...(routes as Record<string, object>),
  });
}

const reads = (api: ReturnType<typeof temaryHost>) => api.calls('GET temary/read/5');
const themeTitles = () => screen.getAllByTestId('theme-title').map((link) => link.textContent);
const themeItem = (title: string) => screen.getByText(title, { selector: '[data-testid="theme-title"]' }).closest('li')!;

describe('a new syllabus', () => {
  it('asks for the name, shows the host\'s errors under their field, creates it and opens it', async () => {
    const api = temaryHost({
      'POST temary/create': writeError('REQ-102', 'El campo category admite como máximo 60 caracteres', { field: 'category' }),
      'GET temary/read/9': envelopeOk(temary({ id: 9, name: 'Permiso C', themes: [] })),
    });
    renderModule('/temary/create/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo temario' });
    expect(within(form).getByRole('combobox', { name: 'Estado' })).toHaveValue('developing');
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual(['Desarrollo', 'Publicado']);
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear temario' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST temary/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Permiso C ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Categoría' }), { target: { value: 'C'.repeat(61) } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: ' Camiones ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Estado' }), { target: { value: 'publish' } });
    submit();
    expect(await within(form).findByTestId('error-category')).toHaveTextContent('El campo category admite como máximo 60 caracteres');
    expect(within(form).getByRole('textbox', { name: 'Categoría' })).toHaveAttribute('aria-invalid', 'true');

    api.on('POST temary/create', (req: MockRequest) => envelopeOk(temary({ ...body(req), id: 9, themes: [] })));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Categoría' }), { target: { value: 'C' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/create/9'));
    expect(api.calls('POST temary/create').map(body).at(-1)).toEqual({ name: 'Permiso C', description: 'Camiones', category: 'C', status: 'publish' });
    expect(await screen.findByText('Temario Permiso C creado')).toBeInTheDocument();
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Permiso C');
  });
});

describe('a syllabus', () => {
  it('shows its head and its tree: themes in order, each with its subthemes, links to edit them', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Permiso B');
    const head = screen.getByTestId('temary-head');
    expect(within(head).getByTestId('temary-status')).toHaveTextContent('Desarrollo');
    expect(within(head).getByTestId('view-category')).toHaveTextContent('Categoría: B');
    expect(within(head).getByTestId('view-themes')).toHaveTextContent('3');
    expect(within(head).getByTestId('view-subthemes')).toHaveTextContent('3');
    expect(within(head).getByRole('link', { name: 'Volver a los temarios' })).toHaveAttribute('href', '/temary/list');

    const tree = screen.getByRole('list', { name: 'Temas del temario' });
    expect(within(tree).getAllByTestId('theme').map((li) => within(li).getByTestId('position').textContent)).toEqual(['1', '2', '3']);
    expect(themeTitles()).toEqual(['Las señales', 'El conductor', 'La vía pública']);
    expect(within(themeItem('Las señales')).getByRole('link', { name: 'Las señales' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    expect(within(themeItem('Las señales')).getByRole('link', { name: 'Editar el tema Las señales' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    const subthemes = within(themeItem('Las señales')).getByRole('list', { name: 'Subtemas de Las señales' });
    expect(within(subthemes).getAllByTestId('tree-subtheme').map((li) => li.textContent)).toEqual(['1.1 Semáforos', '1.2 Señales verticales']);
    expect(within(subthemes).getByRole('link', { name: 'Señales verticales' })).toHaveAttribute('href', '/temary/subtheme/create/32/21/5');
    expect(within(themeItem('El conductor')).getByTestId('no-subthemes')).toHaveTextContent('Todavía no hay subtemas');
    expect(reads(api)).toHaveLength(1);
  });

  it('saves only what changed; nothing changed, nothing is sent', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del temario' });
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Permiso B');
    expect(within(form).queryByRole('combobox', { name: 'Estado' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST temary/update')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Categoría' }), { target: { value: ' B96 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Temario Permiso B guardado')).toBeInTheDocument();
    expect(api.calls('POST temary/update').map(body)).toEqual([{ id: 5, category: 'B96' }]);
    await waitFor(() => expect(screen.getByTestId('view-category')).toHaveTextContent('Categoría: B96'));
  });

  it('a name refused by the host shows under the name', async () => {
    const api = temaryHost({ 'POST temary/update': writeError('REQ-102', 'El campo name es obligatorio', { field: 'name' }) });
    renderModule('/temary/create/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del temario' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Permiso B (2027)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('El campo name es obligatorio');
  });

  it('"Publicar" and "Pasar a desarrollo" switch its status', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Temario Permiso B publicado')).toBeInTheDocument();
    expect(screen.getByTestId('temary-status')).toHaveTextContent('Publicado');
    fireEvent.click(screen.getByRole('button', { name: 'Pasar a desarrollo' }));
    await waitFor(() => expect(screen.getByTestId('temary-status')).toHaveTextContent('Desarrollo'));
    expect(api.calls('POST temary/update').map(body)).toEqual([
      { id: 5, status: 'publish' },
      { id: 5, status: 'developing' },
    ]);
    // the form still sends only its own fields
    const form = screen.getByRole('form', { name: 'Datos del temario' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST temary/update')).toHaveLength(2);
  });

  it('adds a theme at the end (its title required, the host\'s errors under their field), then reads the tree again', async () => {
    const api = temaryHost({ 'POST temary/theme/create': writeError('REQ-102', 'El campo description admite como máximo 5000 caracteres', { field: 'description' }) });
    renderModule('/temary/create/5', api);
    const form = await screen.findByRole('form', { name: 'Nuevo tema' });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir tema' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: ' Los vehículos ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: ' Clases y categorías ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir tema' }));
    expect(await within(form).findByTestId('error-description')).toHaveTextContent('El campo description admite como máximo 5000 caracteres');

    api.on('POST temary/theme/create', (req: MockRequest) => envelopeOk({ ...theme({ id: 24, position: 4 }), ...body(req), subthemes: [] }));
    api.on('GET temary/read/5', envelopeOk(temary({ themes: [...temary().themes, { ...theme({ id: 24, position: 4, title: 'Los vehículos' }), subthemes: [] }] })));
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir tema' }));
    expect(await screen.findByText('Tema Los vehículos añadido')).toBeInTheDocument();
    expect(api.calls('POST temary/theme/create').map(body).at(-1)).toEqual({ temary_id: 5, title: 'Los vehículos', description: 'Clases y categorías' });
    await waitFor(() => expect(themeTitles()).toEqual(['Las señales', 'El conductor', 'La vía pública', 'Los vehículos']));
    // the form starts empty again
    expect(within(screen.getByRole('form', { name: 'Nuevo tema' })).getByRole('textbox', { name: /^Título/ })).toHaveValue('');
  });

  it('moves a theme up or down (temary/theme/update {id, position}), not past either end', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    await screen.findAllByTestId('theme');
    expect(screen.getByRole('button', { name: 'Subir el tema Las señales' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar el tema La vía pública' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bajar el tema Las señales' }));
    await waitFor(() => expect(api.calls('POST temary/theme/update')).toHaveLength(1));
    await waitFor(() => expect(reads(api)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Subir el tema La vía pública' }));
    await waitFor(() => expect(reads(api)).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Bajar el tema El conductor' }));
    await waitFor(() => expect(reads(api)).toHaveLength(4));
    expect(api.calls('POST temary/theme/update').map(body)).toEqual([
      { id: 21, position: 2 },
      { id: 23, position: 2 },
      { id: 22, position: 3 },
    ]);
  });

  it('deletes a theme once confirmed, then reads the tree again', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el tema El conductor' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el tema' });
    expect(dialog).toHaveTextContent('¿Eliminar el tema «El conductor»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST temary/theme/delete')).toHaveLength(0);

    api.on('GET temary/read/5', envelopeOk(temary({ themes: temary().themes.filter((t) => t.id !== 22).map((t, i) => ({ ...t, position: i + 1 })) })));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el tema El conductor' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el tema' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Tema El conductor eliminado')).toBeInTheDocument();
    expect(api.calls('POST temary/theme/delete').map(body)).toEqual([{ id: 22 }]);
    await waitFor(() => expect(themeTitles()).toEqual(['Las señales', 'La vía pública']));
  });

  it('adds a subtheme to a theme', async () => {
    const api = temaryHost();
    renderModule('/temary/create/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir un subtema a El conductor' }));
    const form = await screen.findByRole('form', { name: 'Añadir un subtema a El conductor' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'Aptitudes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir subtema' }));
    expect(await screen.findByText('Subtema Aptitudes añadido')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/create').map(body)).toEqual([{ theme_id: 22, title: 'Aptitudes', description: '' }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Añadir un subtema a El conductor' })).not.toBeInTheDocument());
    expect(reads(api)).toHaveLength(2);
  });

  it('a move refused because the theme was deleted meanwhile says so and reads the tree again', async () => {
    const api = temaryHost({ 'POST temary/theme/update': writeError('CONFLICT-000', 'El tema está eliminado') });
    renderModule('/temary/create/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Bajar el tema Las señales' }));
    const errors = await screen.findByTestId('theme-action-errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['El tema está eliminado', 'Se ha eliminado mientras lo tenía abierto: ya no se puede modificar.']);
    await waitFor(() => expect(reads(api)).toHaveLength(2));
  });

  it('saving a syllabus deleted meanwhile says so, and the page turns read only', async () => {
    const api = temaryHost({ 'POST temary/update': writeError('CONFLICT-000', 'El temario está eliminado') });
    renderModule('/temary/create/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del temario' });
    api.on('GET temary/read/5', envelopeOk(temary({ state: 'deleted' })));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Categoría' }), { target: { value: 'B1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const errors = await within(form).findByTestId('temary-errors');
    expect(errors).toHaveTextContent('El temario está eliminado');
    expect(errors).toHaveTextContent('Se ha eliminado mientras lo tenía abierto: ya no se puede modificar.');
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este temario está eliminado');
    expect(within(form).getByRole('textbox', { name: 'Categoría' })).toBeDisabled();
  });

  it('a deleted syllabus is read only: no status, copy, delete, form, moves or additions', async () => {
    const api = temaryHost({ 'GET temary/read/5': envelopeOk(temary({ state: 'deleted' })) });
    renderModule('/temary/create/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este temario está eliminado: se puede consultar, pero no modificar.');
    expect(screen.getByTestId('deleted')).toHaveTextContent('Eliminado');
    for (const name of ['Publicar', 'Copiar', 'Eliminar', 'Guardar cambios', 'Bajar el tema Las señales', 'Eliminar el tema El conductor', 'Añadir un subtema a El conductor']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('form', { name: 'Nuevo tema' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del temario' })).getByRole('textbox', { name: /^Nombre/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Abrir el tema Las señales' })).toHaveAttribute('href', '/temary/theme/create/21/5');
  });

  it('"Copiar" opens the copy; "Eliminar" asks first, then goes back to the list', async () => {
    const api = temaryHost({
      'POST temary/clon': envelopeOk(temary({ id: 99, name: 'Copia de Permiso B' })),
      'GET temary/read/99': envelopeOk(temary({ id: 99, name: 'Copia de Permiso B' })),
      'POST temary/delete': envelopeOk(temary({ id: 99, state: 'deleted' })),
      'GET temary/list': page(rows()),
    });
    renderModule('/temary/create/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/create/99'));
    await waitFor(() => expect(screen.getByTestId('view-title')).toHaveTextContent('Copia de Permiso B'));
    expect(api.calls('POST temary/clon').map(body)).toEqual([{ id: 5 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el temario' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/list'));
    expect(api.calls('POST temary/delete').map(body)).toEqual([{ id: 99 }]);
  });

  it("a syllabus that cannot be read shows the host's reason and a retry; an address without a number is none", async () => {
    const api = temaryHost({ 'GET temary/read/5': readError('NOT-FOUND-000', 'No se encuentra el temario solicitado') });
    const { unmount } = renderModule('/temary/create/5', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el temario solicitado');
    api.on('GET temary/read/5', envelopeOk(temary()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Permiso B');
    unmount();
    renderModule('/temary/create/abc', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el temario');
  });
});
