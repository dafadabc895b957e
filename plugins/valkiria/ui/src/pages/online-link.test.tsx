import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, onlineUrl, resume } from '../test/fixtures';

/**
 * Ana's page, her link as the host keeps it: `student/online` makes one when there is none (or a
 * new one with `renew`) and the next `resume` carries it as `online_url`.
 */
function linkHost(first: string | null = null, routes: Record<string, unknown> = {}) {
  let url = first;
  let made = 0;
  const api = mockApi({
    'POST valkiria/resume': () => envelopeOk(resume({ online_url: url })),
    'POST valkiria/student/online': (req: MockRequest) => {
      const { renew, send } = body(req);
      if (!url || renew) url = onlineUrl(`lnk_ana_${++made}`);
      return envelopeOk({ student_id: 21, url, sent_to: send ? 'ana@example.com' : null });
    },
    ...(routes as Record<string, object>),
  });
  return api;
}

type Host = ReturnType<typeof linkHost>;
const sent = (api: Host) => api.calls('POST valkiria/student/online').map(body);
const block = () => screen.getByTestId('online-link');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('"Test online en casa" on a student\'s page', () => {
  it('"Crear enlace" for a student without one; the student is read again and the link shown', async () => {
    const api = linkHost();
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('online-link');
    expect(within(card).getByRole('heading', { name: 'Test online en casa' })).toBeInTheDocument();
    expect(within(card).getByTestId('online-none')).toHaveTextContent('Todavía no tiene enlace');
    expect(within(card).queryByTestId('online-renew')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('online-copy')).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Crear enlace' }));
    expect(await screen.findByText('Enlace de Ana López García creado')).toBeInTheDocument();
    expect(sent(api)).toEqual([{ student_id: 21 }]);
    const link = await within(card).findByTestId('online-url');
    expect(link).toHaveAttribute('href', 'https://volante.example.com/test/online/lnk_ana_1');
    expect(link).toHaveTextContent('https://volante.example.com/test/online/lnk_ana_1');
    expect(api.calls('POST valkiria/resume')).toHaveLength(2);
    expect(within(card).queryByTestId('online-create')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Renovar enlace' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Enviar por correo' })).toBeEnabled();
  });

  it('"Copiar el enlace" puts it on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderModule('/valkiria/alumno/21', linkHost(onlineUrl()));
    fireEvent.click(await within(await screen.findByTestId('online-link')).findByRole('button', { name: 'Copiar el enlace' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(onlineUrl());
  });

  it('"Enviar por correo" mails it (where to, in a toast); a student without e-mail is refused in the block', async () => {
    const api = linkHost(onlineUrl(), {
      'POST valkiria/student/online': writeError('REQ-102', 'El alumno no tiene correo electrónico: añádalo para enviarle su enlace', { field: 'email' }),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('online-url');
    fireEvent.click(within(block()).getByRole('button', { name: 'Enviar por correo' }));
    expect(await within(block()).findByTestId('online-link-errors')).toHaveTextContent('El alumno no tiene correo electrónico: añádalo para enviarle su enlace');
    // the refusal changed nothing: the student is not read again
    expect(api.calls('POST valkiria/resume')).toHaveLength(1);
    await waitFor(() => expect(within(block()).getByTestId('online-send')).toBeEnabled());

    api.on('POST valkiria/student/online', envelopeOk({ student_id: 21, url: onlineUrl(), sent_to: 'ana.lopez@example.com' }));
    fireEvent.click(within(block()).getByTestId('online-send'));
    expect(await screen.findByText('Enlace enviado a ana.lopez@example.com')).toBeInTheDocument();
    expect(within(block()).queryByTestId('online-link-errors')).not.toBeInTheDocument();
    expect(sent(api)).toEqual([
      { student_id: 21, send: true },
      { student_id: 21, send: true },
    ]);
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
  });

  it('"Renovar enlace" asks first (the old link stops working), then shows the new one', async () => {
    const api = linkHost(onlineUrl());
    renderModule('/valkiria/alumno/21', api);
    expect(await screen.findByTestId('online-url')).toHaveTextContent(onlineUrl());
    fireEvent.click(within(block()).getByRole('button', { name: 'Renovar enlace' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Renovar el enlace' });
    expect(dialog).toHaveTextContent('¿Dar a Ana López García un enlace nuevo? El anterior dejará de funcionar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent(api)).toHaveLength(0);

    fireEvent.click(within(block()).getByTestId('online-renew'));
    dialog = await screen.findByRole('alertdialog', { name: 'Renovar el enlace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renovar enlace' }));
    expect(await screen.findByText('Enlace renovado: el anterior ya no funciona')).toBeInTheDocument();
    expect(sent(api)).toEqual([{ student_id: 21, renew: true }]);
    await waitFor(() => expect(screen.getByTestId('online-url')).toHaveTextContent('https://volante.example.com/test/online/lnk_ana_1'));
  });

  it('an inactive student is told their link shows a pause; a deleted one has no actions', async () => {
    const api = linkHost(onlineUrl(), { 'POST valkiria/resume': envelopeOk(resume({ state: 'inactive', online_url: onlineUrl() })) });
    const { unmount } = renderModule('/valkiria/alumno/21', api);
    expect(await screen.findByTestId('online-link-paused')).toHaveTextContent('su enlace le dice que su acceso a los test está en pausa');
    expect(within(block()).getByTestId('online-send')).toBeEnabled();
    unmount();

    renderModule('/valkiria/alumno/21', linkHost(null, { 'POST valkiria/resume': envelopeOk(resume({ state: 'deleted' })) }));
    expect(await screen.findByTestId('online-link-deleted')).toHaveTextContent('Está eliminado: su enlace ya no da acceso.');
    expect(within(block()).getByTestId('online-create')).toBeDisabled();
    expect(within(block()).getByTestId('online-send')).toBeDisabled();
  });
});
