import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { apis } from '../test/fixtures';

const keysTable = () => screen.getByRole('table', { name: 'Claves de servicios de terceros' });
const rotateButton = () => screen.getByRole('button', { name: 'Generar una clave nueva' });

function apisHost(first: object = apis(), routes: Record<string, object> = {}) {
  return mockApi({ 'GET web/apis/read': envelopeOk(first), ...routes });
}

describe('/web/apis — the web-api key', () => {
  it('shows the key with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderModule('/web/apis', apisHost());
    expect(await screen.findByTestId('webapi-key')).toHaveTextContent('wk_live_abc123');
    fireEvent.click(screen.getByRole('button', { name: 'Copiar la clave de la API web' }));
    expect(await screen.findByText('Copiado al portapapeles')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('wk_live_abc123');
    // no clipboard: the key to copy by hand
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar la clave de la API web' }));
    expect(await screen.findByText('No se ha podido copiar; cópielo a mano: wk_live_abc123')).toBeInTheDocument();
  });

  it('"Generar una clave nueva" asks first: cancelled sends nothing, accepted rotates the key', async () => {
    const api = apisHost(apis(), { 'POST web/apis/update': envelopeOk(apis('wk_live_new789')) });
    renderModule('/web/apis', api);
    await screen.findByTestId('webapi-key');

    fireEvent.click(rotateButton());
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('La clave actual dejará de funcionar en cuanto se genere la nueva');
    expect(dialog).toHaveTextContent('cambiar la URL de notificación en el panel del banco');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST web/apis/update')).toHaveLength(0);
    expect(screen.getByTestId('webapi-key')).toHaveTextContent('wk_live_abc123');

    fireEvent.click(rotateButton());
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generar una clave nueva' }));
    await waitFor(() => expect(screen.getByTestId('webapi-key')).toHaveTextContent('wk_live_new789'));
    expect(api.calls('POST web/apis/update').map((r) => r.body)).toEqual([{ rotate_webapi_key: true }]);
    expect(screen.getByText('Clave nueva generada: póngala en la web y actualice la URL de notificación en el banco')).toBeInTheDocument();
  });

  it("shows the host's refusal of a rotation and keeps the key there was", async () => {
    const api = apisHost(apis(), { 'POST web/apis/update': writeError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule('/web/apis', api);
    await screen.findByTestId('webapi-key');
    fireEvent.click(rotateButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generar una clave nueva' }));
    expect(await screen.findByTestId('webapi-errors')).toHaveTextContent('No tiene permiso para esta acción');
    expect(screen.getByTestId('webapi-key')).toHaveTextContent('wk_live_abc123');
  });

  it('issues the first key without asking: there is none to revoke', async () => {
    const api = apisHost(apis(null), { 'POST web/apis/update': envelopeOk(apis('wk_live_first1')) });
    renderModule('/web/apis', api);
    expect(await screen.findByTestId('webapi-key-missing')).toHaveTextContent('Todavía no hay clave de la API web');
    expect(screen.queryByRole('button', { name: 'Generar una clave nueva' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generar la clave' }));
    await waitFor(() => expect(screen.getByTestId('webapi-key')).toHaveTextContent('wk_live_first1'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST web/apis/update').map((r) => r.body)).toEqual([{ rotate_webapi_key: true }]);
  });
});

describe('/web/apis — third-party keys', () => {
  it('lists the six kinds with their public key and whether a private key is stored', async () => {
    renderModule('/web/apis', apisHost(apis('wk_live_abc123', { maps: { public_key: 'AIzaSyMaps', private_set: false }, gateway: { public_key: 'pk_gw', private_set: true } })));
    const table = await screen.findByRole('table', { name: 'Claves de servicios de terceros' });
    expect(within(table).getAllByTestId('key-kind').map((k) => k.textContent)).toEqual(['Mapas', 'Analítica', 'Redes sociales', 'Pasarela de pago', 'Correo y SMS', 'Integración externa']);
    expect(within(table).getByLabelText('Clave pública de Mapas')).toHaveValue('AIzaSyMaps');
    const gatewayPrivate = within(table).getByLabelText('Clave privada de Pasarela de pago');
    expect(gatewayPrivate).toHaveValue('');
    expect(gatewayPrivate).toHaveAttribute('type', 'password');
    expect(gatewayPrivate).toHaveAttribute('placeholder', 'Guardada: déjela vacía para conservarla');
    expect(within(screen.getByTestId('private-gateway')).getByTestId('private-set')).toHaveTextContent('Guardada');
    expect(within(table).getByLabelText('Clave privada de Mapas')).toHaveAttribute('placeholder', 'Sin clave privada');
    expect(within(screen.getByTestId('private-maps')).queryByTestId('private-set')).not.toBeInTheDocument();
    expect(within(table).getAllByTestId('private-set')).toHaveLength(1);
  });

  it('saves every kind: a private key only when typed (kept otherwise), empty to remove it; errors under their key', async () => {
    let calls = 0;
    const api = apisHost(apis('wk_live_abc123', { maps: { public_key: 'AIzaSyMaps' }, gateway: { public_key: 'pk_gw', private_set: true } }), {
      'POST web/apis/update': () =>
        ++calls === 1
          ? envelopeError([{ code: 'REQ-102', data: { field: 'keys[1].private_key' }, details: 'La clave privada es demasiado larga' }])
          : envelopeOk(apis('wk_live_abc123', { maps: { public_key: 'AIzaSyMaps2' }, analytics: { public_key: 'G-12345', private_set: true } })),
    });
    renderModule('/web/apis', api);
    const table = await screen.findByRole('table', { name: 'Claves de servicios de terceros' });
    fireEvent.change(within(table).getByLabelText('Clave pública de Mapas'), { target: { value: ' AIzaSyMaps2 ' } });
    fireEvent.change(within(table).getByLabelText('Clave pública de Analítica'), { target: { value: 'G-12345' } });
    fireEvent.change(within(table).getByLabelText('Clave privada de Analítica'), { target: { value: 'secreto-analitica' } });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Quitar la clave privada de Pasarela de pago' }));
    expect(within(table).getByLabelText('Clave privada de Pasarela de pago')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar las claves' }));

    const error = await screen.findByTestId('error-keys[1].private_key');
    expect(error).toHaveTextContent('La clave privada es demasiado larga');
    expect(within(table).getByLabelText('Clave privada de Analítica')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('private-analytics')).getByTestId('error-keys[1].private_key')).toBeInTheDocument();
    const sent = {
      keys: [
        { kind: 'maps', public_key: 'AIzaSyMaps2' },
        { kind: 'analytics', public_key: 'G-12345', private_key: 'secreto-analitica' },
        { kind: 'social', public_key: '' },
        { kind: 'gateway', public_key: 'pk_gw', private_key: '' },
        { kind: 'messaging', public_key: '' },
        { kind: 'integration', public_key: '' },
      ],
    };
    expect(api.calls('POST web/apis/update')[0].body).toEqual(sent);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar las claves' }));
    expect(await screen.findByText('Claves guardadas')).toBeInTheDocument();
    expect(api.calls('POST web/apis/update')[1].body).toEqual(sent);
    // drawn again from the answer: private keys emptied, markers from the host
    await waitFor(() => expect(within(screen.getByTestId('private-analytics')).getByTestId('private-set')).toHaveTextContent('Guardada'));
    expect(within(keysTable()).getByLabelText('Clave privada de Analítica')).toHaveValue('');
    expect(within(screen.getByTestId('private-gateway')).queryByTestId('private-set')).not.toBeInTheDocument();
    expect(within(keysTable()).getByLabelText('Clave privada de Pasarela de pago')).toBeEnabled();
    expect(screen.queryByTestId('error-keys[1].private_key')).not.toBeInTheDocument();
  });

  it('is read-only without the web permission: no rotation, no saving', async () => {
    renderModule('/web/apis', apisHost(apis('wk_live_abc123', { gateway: { private_set: true } })), clerk);
    const table = await screen.findByRole('table', { name: 'Claves de servicios de terceros' });
    expect(screen.getByTestId('webapi-key')).toHaveTextContent('wk_live_abc123');
    expect(screen.queryByRole('button', { name: 'Generar una clave nueva' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar las claves' })).not.toBeInTheDocument();
    expect(within(table).getByLabelText('Clave pública de Mapas')).toBeDisabled();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
