import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, section, subthemeDetail, temary, themeDetail } from '../test/fixtures';

/** "Señales verticales" (32) in "Las señales" (21) of Permiso B (5); the writes answer what was sent. */
function subthemeHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET temary/subtheme/read/32': envelopeOk(subthemeDetail()),
    'GET temary/theme/read/21': envelopeOk(themeDetail()),
    'GET temary/read/5': envelopeOk(temary()),
    'POST temary/subtheme/update': (req: MockRequest) => envelopeOk(subthemeDetail(body(req))),
    'POST temary/subtheme/section/create': (req: MockRequest) => envelopeOk(section({ id: 44, position: 4, ...body(req) })),
    'POST temary/subtheme/section/update': (req: MockRequest) => envelopeOk(section(body(req))),
    'POST temary/subtheme/section/delete': (req: MockRequest) => envelopeOk(section({ id: body(req).id, state: 'deleted' })),
    ...(routes as Record<string, object>),
  });
}

const reads = (api: ReturnType<typeof subthemeHost>) => api.calls('GET temary/subtheme/read/32');
const sectionTitles = () => screen.getAllByTestId('section-title').map((s) => s.textContent);
const sectionItem = (title: string) => screen.getByText(title, { selector: '[data-testid="section-title"]' }).closest('li')!;

describe('a subtheme', () => {
  it('shows where it stands (its syllabus and theme, from its own read), its data and its sections in order', async () => {
    const api = subthemeHost();
    renderModule('/temary/subtheme/create/32/21/5', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Señales verticales');
    expect(screen.getByTestId('view-position')).toHaveTextContent('Subtema 1.2');
    const trail = screen.getByRole('navigation', { name: 'Dónde está en el temario' });
    expect(await within(trail).findByRole('link', { name: 'Permiso B' })).toHaveAttribute('href', '/temary/create/5');
    expect(within(trail).getByRole('link', { name: 'Tema 1: Las señales' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    expect(screen.getByRole('link', { name: 'Volver al tema' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    expect(screen.getByTestId('view-sections')).toHaveTextContent('3');

    const list = screen.getByRole('list', { name: 'Secciones del subtema' });
    expect(within(list).getAllByTestId('section').map((li) => within(li).getByTestId('position').textContent)).toEqual(['1', '2', '3']);
    expect(sectionTitles()).toEqual(['De peligro', 'De prohibición', 'De prioridad']);
    expect(within(sectionItem('De peligro')).getByTestId('section-content').textContent).toBe('Triangulares con borde rojo.\nAvisan de un peligro.');
    expect(within(sectionItem('De prioridad')).queryByTestId('section-content')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sheets-note')).not.toBeInTheDocument();
    // the subtheme's read says where it stands: nothing else is read
    expect(api.calls('GET temary/theme/read/21')).toHaveLength(0);
    expect(api.calls('GET temary/read/5')).toHaveLength(0);
  });

  it('adds a section (title and content), its errors under their field, then reads the subtheme again', async () => {
    const api = subthemeHost({ 'POST temary/subtheme/section/create': writeError('REQ-102', 'El campo content contiene caracteres no válidos', { field: 'content' }) });
    renderModule('/temary/subtheme/create/32/21/5', api);
    const form = await screen.findByRole('form', { name: 'Nueva sección' });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sección' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: ' De obligación ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Contenido' }), { target: { value: 'Circulares y azules.\nObligan a algo.\n' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sección' }));
    expect(await within(form).findByTestId('error-content')).toHaveTextContent('El campo content contiene caracteres no válidos');
    expect(within(form).queryByTestId('error-title')).not.toBeInTheDocument();

    api.on('POST temary/subtheme/section/create', (req: MockRequest) => envelopeOk(section({ id: 44, position: 4, ...body(req) })));
    api.on('GET temary/subtheme/read/32', envelopeOk(subthemeDetail({ sections: [...subthemeDetail().sections, section({ id: 44, position: 4, title: 'De obligación', content: 'Circulares y azules.\nObligan a algo.' })] })));
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sección' }));
    expect(await screen.findByText('Sección De obligación añadida')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/section/create').map(body).at(-1)).toEqual({ subtheme_id: 32, title: 'De obligación', content: 'Circulares y azules.\nObligan a algo.' });
    await waitFor(() => expect(sectionTitles()).toEqual(['De peligro', 'De prohibición', 'De prioridad', 'De obligación']));
    expect(within(screen.getByRole('form', { name: 'Nueva sección' })).getByRole('textbox', { name: 'Contenido' })).toHaveValue('');
  });

  it('"Editar" a section opens its form in its place and sends only what changed; errors under their field', async () => {
    const api = subthemeHost({ 'POST temary/subtheme/section/update': writeError('REQ-102', 'El campo title admite como máximo 200 caracteres', { field: 'title' }) });
    renderModule('/temary/subtheme/create/32/21/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar la sección De prohibición' }));
    const form = await screen.findByRole('form', { name: 'Editar la sección De prohibición' });
    expect(within(form).getByRole('textbox', { name: /^Título/ })).toHaveValue('De prohibición');
    expect(within(form).getByRole('textbox', { name: 'Contenido' })).toHaveValue('Circulares con borde rojo.');
    // its moves wait while it is open
    expect(screen.queryByRole('button', { name: 'Bajar la sección De prohibición' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/section/update')).toHaveLength(0);

    fireEvent.click(await screen.findByRole('button', { name: 'Editar la sección De prohibición' }));
    const again = await screen.findByRole('form', { name: 'Editar la sección De prohibición' });
    fireEvent.change(within(again).getByRole('textbox', { name: /^Título/ }), { target: { value: 'X'.repeat(201) } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(again).findByTestId('error-title')).toHaveTextContent('El campo title admite como máximo 200 caracteres');

    api.on('POST temary/subtheme/section/update', (req: MockRequest) => envelopeOk(section(body(req))));
    fireEvent.change(within(again).getByRole('textbox', { name: /^Título/ }), { target: { value: 'De prohibición' } });
    fireEvent.change(within(again).getByRole('textbox', { name: 'Contenido' }), { target: { value: 'Circulares con borde rojo.\nProhíben algo.' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Sección De prohibición guardada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar la sección De prohibición' })).not.toBeInTheDocument());
    expect(api.calls('POST temary/subtheme/section/update').map(body)).toEqual([
      { id: 42, title: 'X'.repeat(200 + 1) },
      { id: 42, content: 'Circulares con borde rojo.\nProhíben algo.' },
    ]);
    expect(reads(api)).toHaveLength(2);
  });

  it('moves a section up or down (…/section/update {id, position}) and deletes one once confirmed', async () => {
    const api = subthemeHost();
    renderModule('/temary/subtheme/create/32/21/5', api);
    await screen.findAllByTestId('section');
    expect(screen.getByRole('button', { name: 'Subir la sección De peligro' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar la sección De prioridad' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la sección De peligro' }));
    await waitFor(() => expect(reads(api)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Subir la sección De prioridad' }));
    await waitFor(() => expect(reads(api)).toHaveLength(3));
    expect(api.calls('POST temary/subtheme/section/update').map(body)).toEqual([
      { id: 41, position: 2 },
      { id: 43, position: 2 },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la sección De prioridad' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la sección' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST temary/subtheme/section/delete')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la sección De prioridad' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la sección' });
    expect(dialog).toHaveTextContent('¿Eliminar la sección «De prioridad»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Sección De prioridad eliminada')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/section/delete').map(body)).toEqual([{ id: 43 }]);
    await waitFor(() => expect(reads(api)).toHaveLength(4));
  });

  it('a section deleted meanwhile: the edit is refused, said clearly above the sections, and the list read again', async () => {
    const api = subthemeHost({ 'POST temary/subtheme/section/update': writeError('CONFLICT-000', 'La sección está eliminada') });
    renderModule('/temary/subtheme/create/32/21/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar la sección De peligro' }));
    const form = await screen.findByRole('form', { name: 'Editar la sección De peligro' });
    api.on('GET temary/subtheme/read/32', envelopeOk(subthemeDetail({ sections: subthemeDetail().sections.slice(1).map((s, i) => ({ ...s, position: i + 1 })) })));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Contenido' }), { target: { value: 'Triangulares.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const errors = await screen.findByTestId('section-action-errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['La sección está eliminada', 'Se ha eliminado mientras lo tenía abierto: ya no se puede modificar.']);
    await waitFor(() => expect(sectionTitles()).toEqual(['De prohibición', 'De prioridad']));
  });

  it('saves its data with only what changed (no position: it stays where it is), and "Eliminar" goes back to its theme', async () => {
    const api = subthemeHost({ 'POST temary/subtheme/delete': envelopeOk(subthemeDetail({ state: 'deleted' })) });
    renderModule('/temary/subtheme/create/32/21/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del subtema' });
    expect(within(form).queryByRole('textbox', { name: 'Posición' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Las que se ven en un poste' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Subtema Señales verticales guardado')).toBeInTheDocument();
    expect(api.calls('POST temary/subtheme/update').map(body)).toEqual([{ id: 32, description: 'Las que se ven en un poste' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el subtema' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/theme/create/21/5'));
    expect(api.calls('POST temary/subtheme/delete').map(body)).toEqual([{ id: 32 }]);
  });

  it('a new one (0) in a theme: title and description, then its page', async () => {
    const api = subthemeHost({
      'POST temary/subtheme/create': (req: MockRequest) => envelopeOk(subthemeDetail({ ...body(req), id: 35, position: 3, sections: [] })),
      'GET temary/subtheme/read/35': envelopeOk(subthemeDetail({ id: 35, position: 3, title: 'Paneles', sections: [] })),
    });
    renderModule('/temary/subtheme/create/0/21/5', api);
    const form = await screen.findByRole('form', { name: 'Nuevo subtema' });
    const trail = screen.getByTestId('trail');
    expect(await within(trail).findByRole('link', { name: 'Tema 1: Las señales' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    expect(within(form).getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/temary/theme/create/21/5');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'Paneles' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir subtema' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/subtheme/create/35/21/5'));
    expect(api.calls('POST temary/subtheme/create').map(body)).toEqual([{ theme_id: 21, title: 'Paneles', description: '' }]);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Paneles');
    expect(screen.getByTestId('section-empty')).toHaveTextContent('Todavía no hay secciones');
  });

  it('is read only when it, its theme or its syllabus is deleted', async () => {
    const api = subthemeHost({ 'GET temary/subtheme/read/32': envelopeOk(subthemeDetail({ state: 'deleted' })) });
    const { unmount } = renderModule('/temary/subtheme/create/32/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este subtema está eliminado');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar la sección De peligro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bajar la sección De peligro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nueva sección' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del subtema' })).getByRole('textbox', { name: /^Título/ })).toBeDisabled();
    unmount();

    // its theme, then its syllabus, deleted: as its own read says
    api.on('GET temary/subtheme/read/32', envelopeOk(subthemeDetail({ theme: { id: 21, title: 'Las señales', position: 1, state: 'deleted' } })));
    const second = renderModule('/temary/subtheme/create/32/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('El tema o el temario de este subtema está eliminado');
    expect(screen.queryByRole('form', { name: 'Nueva sección' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar la sección De peligro' })).not.toBeInTheDocument();
    second.unmount();

    api.on('GET temary/subtheme/read/32', envelopeOk(subthemeDetail({ temary: { id: 5, name: 'Permiso B', state: 'deleted' } })));
    renderModule('/temary/subtheme/create/32/21/5', api);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('El tema o el temario de este subtema está eliminado');
    expect(within(screen.getByRole('form', { name: 'Datos del subtema' })).getByRole('textbox', { name: /^Título/ })).toBeDisabled();
    expect(api.calls('GET temary/theme/read/21')).toHaveLength(0);
  });
});
