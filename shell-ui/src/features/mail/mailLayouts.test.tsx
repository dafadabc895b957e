import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';
import { dressMail } from './preview';

const main = {
  layout_id: 1,
  name: 'Principal',
  sender_name: 'Autoescuela Demo',
  reply_to: 'secretaria@autoescuela-demo.es',
  header: 'Autoescuela Demo · Secretaría',
  footer: 'C/ Mayor 1, 28013 Madrid\nAviso legal: este correo es confidencial.',
  is_default: true,
  created_at: '2026-03-02T09:05:00Z',
  updated_at: '2026-03-02T09:05:00Z',
};
const exams = { ...main, layout_id: 2, name: 'Exámenes', sender_name: '', reply_to: '', header: '', footer: '', is_default: false };

/** The name field's label ("Nombre *"), not "Nombre del remitente". */
const NAME = /^Nombre\s*\*?$/;
const SAMPLE = 'Hola Ana:\n\nEste es un ejemplo del texto que envía un módulo.';

/** The host: `mail/layout/read` lists the layouts, or reads one with `layout_id`; no mail sent yet. */
function layoutsApi(items: (typeof main)[] = [main, exams], user: SessionUser = demoUser) {
  return mockApi({
    'GET user/verify': envelopeOk({ user }),
    'GET user/update': envelopeOk({ user }),
    'GET mail/delivery/read': envelopeOk({ items: [], total: 0, page: 1, per_page: 25, counts: { queued: 0, sent: 0, failed: 0 } }),
    'GET mail/layout/read': (req: MockRequest) => {
      const id = req.query.get('layout_id');
      if (id === null) return envelopeOk({ items });
      const found = items.find((l) => String(l.layout_id) === id);
      return found ? envelopeOk(found) : readError('NOT-FOUND-000', 'Plantilla no encontrada', { entity: 'Plantilla' });
    },
  });
}

const lastBody = (api: ReturnType<typeof mockApi>, route: string) => api.calls(route).at(-1)?.body;

describe('mail layouts: the list', () => {
  it('lists them, the default first with its badge, each name opening its view', async () => {
    const api = layoutsApi();
    renderApp('/mail/layout/list', { api, signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plantillas de correo' })).toBeInTheDocument();
    expect(screen.getByText(/La plantilla predeterminada viste cada correo que envían los módulos/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Plantillas de correo' });
    const link = await within(table).findByRole('link', { name: 'Principal' });
    expect(link).toHaveAttribute('href', '/mail/layout/view/1');
    expect(within(table).getByRole('link', { name: 'Exámenes' })).toHaveAttribute('href', '/mail/layout/view/2');
    expect(api.calls('GET mail/layout/read')[0].query.toString()).toBe('');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('Predeterminada')).toHaveClass('vk-badge', 'vk-badge--success');
    expect(first).toHaveTextContent('Autoescuela Demo');
    expect(first).toHaveTextContent('secretaria@autoescuela-demo.es');
    expect(within(second).queryByText('Predeterminada')).toBeNull();
    expect(screen.queryByTestId('mail-layouts-no-default')).toBeNull();
  });

  it('says mail goes out plain when there are none, or none is the default', async () => {
    const { unmount } = renderApp('/mail/layout/list', { api: layoutsApi([]), signedIn: true });
    const table = await screen.findByRole('table', { name: 'Plantillas de correo' });
    expect(await within(table).findByText('Todavía no hay plantillas: los correos salen sin cabecera ni pie')).toBeInTheDocument();
    unmount();

    renderApp('/mail/layout/list', { api: layoutsApi([exams]), signedIn: true });
    expect(await screen.findByTestId('mail-layouts-no-default')).toHaveTextContent('Ninguna plantilla es la predeterminada: los correos salen sin cabecera ni pie');
  });

  it('creates one by its name (asked for, a taken one refused under the field) and opens it', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/create', (req: MockRequest) => {
      const { name } = req.body as { name: string };
      return name === 'Principal'
        ? writeError('CONFLICT-000', 'Ya existe una plantilla con ese nombre', { field: 'name' })
        : envelopeOk({ ...exams, layout_id: 9, name });
    });
    renderApp('/mail/layout/list', { api, signedIn: true });
    await screen.findByRole('link', { name: 'Principal' });
    expect(screen.queryByRole('form', { name: 'Nueva plantilla' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    const form = screen.getByRole('form', { name: 'Nueva plantilla' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear plantilla' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST mail/layout/create')).toHaveLength(0);

    const name = within(form).getByLabelText(NAME);
    fireEvent.change(name, { target: { value: 'Principal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear plantilla' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe una plantilla con ese nombre');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    api.on('GET mail/layout/read', (req: MockRequest) =>
      req.query.get('layout_id') === '9' ? envelopeOk({ ...exams, layout_id: 9, name: 'Avisos' }) : envelopeOk({ items: [main, exams] }),
    );
    fireEvent.change(name, { target: { value: '  Avisos ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear plantilla' }));
    expect(await screen.findByText('Plantilla «Avisos» creada')).toBeInTheDocument();
    expect(lastBody(api, 'POST mail/layout/create')).toEqual({ name: 'Avisos' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mail/layout/view/9'));
    const view = await screen.findByRole('form', { name: 'Datos de la plantilla' });
    expect(within(view).getByLabelText(NAME)).toHaveValue('Avisos');
  });

  it('cancels the new layout form without asking the host', async () => {
    const api = layoutsApi();
    renderApp('/mail/layout/list', { api, signedIn: true });
    await screen.findByRole('link', { name: 'Principal' });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva plantilla' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Nueva plantilla' })).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Nueva plantilla' })).toBeNull();
    expect(api.calls('POST mail/layout/create')).toHaveLength(0);
  });
});

describe('mail layouts: the view', () => {
  it('shows one and sends only what changed, trimmed', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/update', (req: MockRequest) => {
      const { layout_id: _id, ...changed } = req.body as Record<string, unknown>;
      return envelopeOk({ ...main, ...changed });
    });
    renderApp('/mail/layout/view/1', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos de la plantilla' });
    expect(api.calls('GET mail/layout/read').at(-1)?.query.get('layout_id')).toBe('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent('Plantillas de correo');
    expect(within(form).getByLabelText(NAME)).toHaveValue('Principal');
    expect(within(form).getByLabelText('Nombre del remitente')).toHaveValue('Autoescuela Demo');
    expect(within(form).getByLabelText('Responder a')).toHaveValue('secretaria@autoescuela-demo.es');
    expect(within(form).getByLabelText('Cabecera')).toHaveValue('Autoescuela Demo · Secretaría');
    expect(within(form).getByLabelText('Pie')).toHaveValue(main.footer);
    expect(within(form).getByLabelText('Pie').tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('mail-layout-view')).toHaveTextContent('Predeterminada');
    expect(screen.queryByRole('button', { name: 'Usar como predeterminada' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST mail/layout/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Nombre del remitente'), { target: { value: ' Autoescuela Demo Madrid ' } });
    fireEvent.change(within(form).getByLabelText('Responder a'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Pie'), { target: { value: 'C/ Mayor 1, 28013 Madrid\n' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Plantilla guardada')).toBeInTheDocument();
    expect(api.calls('POST mail/layout/update')[0].body).toEqual({
      layout_id: 1,
      sender_name: 'Autoescuela Demo Madrid',
      reply_to: '',
      footer: 'C/ Mayor 1, 28013 Madrid',
    });
    // The saved copy is the form's new starting point.
    const saved = screen.getByRole('form', { name: 'Datos de la plantilla' });
    expect(within(saved).getByLabelText('Nombre del remitente')).toHaveValue('Autoescuela Demo Madrid');
    fireEvent.change(within(saved).getByLabelText('Cabecera'), { target: { value: '' } });
    fireEvent.click(within(saved).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST mail/layout/update')).toHaveLength(2));
    expect(api.calls('POST mail/layout/update')[1].body).toEqual({ layout_id: 1, header: '' });
  });

  it('shows the host field errors under their field, and checks the limits first', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/update', writeError('REQ-102', 'Introduzca un correo electrónico válido', { field: 'reply_to' }));
    renderApp('/mail/layout/view/2', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos de la plantilla' });
    fireEvent.change(within(form).getByLabelText(NAME), { target: { value: '  ' } });
    fireEvent.change(within(form).getByLabelText('Nombre del remitente'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-sender_name')).toHaveTextContent('100');
    expect(api.calls('POST mail/layout/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(NAME), { target: { value: 'Exámenes' } });
    fireEvent.change(within(form).getByLabelText('Nombre del remitente'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Responder a'), { target: { value: 'secretaria@' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-reply_to')).toHaveTextContent('Introduzca un correo electrónico válido');
    expect(within(form).getByLabelText('Responder a')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByTestId('error-name')).toBeNull();
    expect(lastBody(api, 'POST mail/layout/update')).toEqual({ layout_id: 2, reply_to: 'secretaria@' });
    // What was typed stays, to be corrected.
    expect(within(form).getByLabelText('Responder a')).toHaveValue('secretaria@');
  });

  it('makes it the default, keeping what is being typed', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/update', envelopeOk({ ...exams, is_default: true }));
    renderApp('/mail/layout/view/2', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos de la plantilla' });
    expect(screen.getByText('Esta plantilla no se aplica: solo se usa la predeterminada')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Cabecera'), { target: { value: 'Sin guardar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Usar como predeterminada' }));
    expect(await screen.findByText('«Exámenes» es ahora la plantilla predeterminada')).toBeInTheDocument();
    expect(api.calls('POST mail/layout/update')[0].body).toEqual({ layout_id: 2, is_default: true });
    expect(within(screen.getByTestId('mail-layout-view')).getByText('Predeterminada')).toHaveClass('vk-badge');
    expect(screen.queryByRole('button', { name: 'Usar como predeterminada' })).toBeNull();
    expect(within(screen.getByRole('form', { name: 'Datos de la plantilla' })).getByLabelText('Cabecera')).toHaveValue('Sin guardar');
  });

  it('shows a refusal to make it the default above the form', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/update', writeError('NOT-FOUND-000', 'Plantilla no encontrada'));
    renderApp('/mail/layout/view/2', { api, signedIn: true });
    await screen.findByRole('form', { name: 'Datos de la plantilla' });
    fireEvent.click(screen.getByRole('button', { name: 'Usar como predeterminada' }));
    expect(await screen.findByTestId('mail-layout-action-errors')).toHaveTextContent('Plantilla no encontrada');
  });

  it('deletes it only after confirming, and goes back to the list', async () => {
    const api = layoutsApi();
    api.on('POST mail/layout/delete', envelopeOk({ layout_id: 1 }));
    renderApp('/mail/layout/view/1', { api, signedIn: true });
    await screen.findByRole('form', { name: 'Datos de la plantilla' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Se eliminará la plantilla «Principal». Es la predeterminada: sin ella, los correos saldrán sin cabecera ni pie.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST mail/layout/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Plantilla «Principal» eliminada')).toBeInTheDocument();
    expect(api.calls('POST mail/layout/delete')[0].body).toEqual({ layout_id: 1 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mail/layout/list'));
    expect(await screen.findByRole('table', { name: 'Plantillas de correo' })).toBeInTheDocument();
  });

  it('previews a sample mail as the layout dresses it, following what is typed', async () => {
    renderApp('/mail/layout/view/2', { api: layoutsApi(), signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos de la plantilla' });
    const preview = screen.getByTestId('mail-preview');
    expect(within(preview).getByTestId('mail-preview-from')).toHaveTextContent('De: Volante');
    expect(within(preview).queryByTestId('mail-preview-reply-to')).toBeNull();
    expect(within(preview).getByTestId('mail-preview-text').tagName).toBe('PRE');
    expect(within(preview).getByTestId('mail-preview-text').textContent).toBe(SAMPLE);

    fireEvent.change(within(form).getByLabelText('Nombre del remitente'), { target: { value: 'Autoescuela Demo' } });
    fireEvent.change(within(form).getByLabelText('Responder a'), { target: { value: ' secretaria@autoescuela-demo.es ' } });
    fireEvent.change(within(form).getByLabelText('Pie'), { target: { value: 'C/ Mayor 1, Madrid\nAviso legal' } });
    expect(within(preview).getByTestId('mail-preview-from')).toHaveTextContent('De: Autoescuela Demo');
    expect(within(preview).getByTestId('mail-preview-reply-to')).toHaveTextContent('Responder a: secretaria@autoescuela-demo.es');
    expect(within(preview).getByTestId('mail-preview-text').textContent).toBe(`${SAMPLE}\n\n-- \nC/ Mayor 1, Madrid\nAviso legal`);

    fireEvent.change(within(form).getByLabelText('Cabecera'), { target: { value: 'Autoescuela Demo' } });
    expect(within(preview).getByTestId('mail-preview-text').textContent).toBe(`Autoescuela Demo\n\n${SAMPLE}\n\n-- \nC/ Mayor 1, Madrid\nAviso legal`);

    fireEvent.change(within(form).getByLabelText('Pie'), { target: { value: '   ' } });
    expect(within(preview).getByTestId('mail-preview-text').textContent).toBe(`Autoescuela Demo\n\n${SAMPLE}`);
  });

  it('says so when the layout does not exist', async () => {
    const api = layoutsApi();
    renderApp('/mail/layout/view/77', { api, signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Plantilla no encontrada');
  });

  it('does not ask the host for an id that is not one', async () => {
    const api = layoutsApi();
    renderApp('/mail/layout/view/abc', { api, signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Plantilla no encontrada');
    expect(api.calls('GET mail/layout/read')).toHaveLength(0);
  });
});

describe('mail layouts: composing', () => {
  it('dresses a text as the host does', () => {
    // host/src/mail/layout.rs, a_layout_dresses_the_text_with_what_it_has
    expect(dressMail({ header: 'Autoescuela Demo', footer: 'C/ Mayor 1, Madrid' }, 'Hola Ana:\nadjunta')).toBe('Autoescuela Demo\n\nHola Ana:\nadjunta\n\n-- \nC/ Mayor 1, Madrid');
    expect(dressMail({ header: '', footer: 'Pie' }, 'Texto')).toBe('Texto\n\n-- \nPie');
    expect(dressMail({ header: '', footer: '' }, 'Texto')).toBe('Texto');
  });
});

describe('mail layouts: permission', () => {
  const teacher = (permissions: string[]): SessionUser => ({ ...demoUser, user_id: 8, role: 'teacher', role_id: 5, permissions });

  it('shows the menu entry only with business.general', async () => {
    const { unmount } = renderApp('/dashboard', { api: layoutsApi([main], teacher(['business.general'])), signedIn: true });
    const menu = await screen.findByRole('complementary', { name: 'Menú principal' });
    expect(await within(menu).findByRole('link', { name: 'Plantillas de correo' })).toHaveAttribute('href', '/mail/layout/list');
    unmount();

    renderApp('/dashboard', { api: layoutsApi([main], teacher([])), signedIn: true });
    await screen.findByTestId('greeting');
    const other = screen.getByRole('complementary', { name: 'Menú principal' });
    expect(within(other).getByRole('link', { name: 'Panel' })).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: 'Plantillas de correo' })).toBeNull();
  });

  it('shows the host refusal as an alert to a user without it', async () => {
    const api = layoutsApi([main], teacher([]));
    api.on('GET mail/layout/read', readError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'business.general' }));
    renderApp('/mail/layout/list', { api, signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso para esta acción');
    expect(screen.queryByRole('table', { name: 'Plantillas de correo' })).toBeNull();
  });
});
