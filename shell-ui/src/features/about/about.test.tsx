import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../../test/renderApp';

const latest = {
  version: '0.4.2',
  release: '9f8e7d6c5b4a',
  modules: [
    { plugin_id: 'contacts', name: 'Contactos', version: '0.3.1' },
    { plugin_id: 'consulting', name: 'Consultoría de formación', version: '1.0.0' },
  ],
};

function host(answer: object = envelopeOk(latest)) {
  return mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
    'GET versiones/ultima': answer,
  });
}

describe('"Acerca de Volante"', () => {
  it('opens from the user menu and shows the version, the release and the modules with theirs', async () => {
    renderApp('/dashboard', { api: host(), signedIn: true });
    await screen.findByTestId('greeting');
    fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Acerca de' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/about/version'));
    expect(screen.queryByRole('menu')).toBeNull();

    expect(await screen.findByRole('heading', { level: 1, name: 'Acerca de Volante' })).toBeInTheDocument();
    expect(await screen.findByTestId('about-version-number')).toHaveTextContent(/^0\.4\.2$/);
    expect(screen.getByTestId('about-release')).toHaveTextContent(/^9f8e7d6c5b4a$/);
    const table = screen.getByRole('table', { name: 'Módulos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Módulo', 'Identificador', 'Versión']);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Contactos', 'contacts', '0.3.1'],
      ['Consultoría de formación', 'consulting', '1.0.0'],
    ]);
  });

  it('is open to any signed-in user (a school user too), and says when there are no modules', async () => {
    renderApp('/about/version', { api: host(envelopeOk({ ...latest, modules: [] })), signedIn: true });
    expect(await screen.findByTestId('about-version-number')).toHaveTextContent('0.4.2');
    expect(screen.queryByTestId('forbidden')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Módulos' })).getByText('No tiene módulos')).toBeInTheDocument();
  });

  it("shows the host's error with a retry", async () => {
    const api = host();
    let fail = true;
    api.on('GET versiones/ultima', () => (fail ? readError('SERVER-000', 'El servidor no responde') : envelopeOk(latest)));
    renderApp('/about/version', { api, signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('El servidor no responde');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('about-version-number')).toHaveTextContent('0.4.2');
  });

  it('needs a session', async () => {
    const { api } = renderApp('/about/version', { api: host() });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(api.calls('GET versiones/ultima')).toHaveLength(0);
  });
});
