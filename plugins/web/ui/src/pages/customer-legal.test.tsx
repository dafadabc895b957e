import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { LEGAL_READ, renderModule, storeCustomer } from '../test/render';
import { WEBAPI_KEY, customerUser, publishedText, storefrontLegal } from '../test/fixtures';

const ACCOUNT = '/layout/contact/account';
const DASHBOARD = '/layout/contact/dashboard';

/** Lets the answers already sent reach the page (to see that something did not show). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const footer = () => screen.getByRole('navigation', { name: 'Textos legales' });

/** A signed-in customer's "Mis datos", and the school's published texts. */
function accountHost(texts: ReturnType<typeof publishedText>[]) {
  return mockApi({ 'GET web/api/user/verify': envelopeOk({ user: customerUser }), [LEGAL_READ]: storefrontLegal(texts) });
}

describe("the customer area's footer — the school's legal texts", () => {
  it('links "Aviso legal", "Privacidad" and "Cookies" for the texts published (one call, the key only), each read in a window', async () => {
    storeCustomer();
    const api = accountHost([publishedText('legal_notice'), publishedText('cookies'), publishedText('terms')]);
    renderModule(ACCOUNT, api);
    await screen.findByTestId('account-facts');
    const links = await within(await screen.findByTestId('customer-legal')).findAllByRole('button');
    // no privacy policy published; the conditions of sale are read when ordering
    expect(links.map((b) => b.textContent)).toEqual(['Aviso legal', 'Cookies']);
    expect(within(footer()).getAllByRole('button')).toHaveLength(2);
    const calls = api.calls(LEGAL_READ);
    expect(calls).toHaveLength(1);
    expect(calls[0].query.toString()).toBe('');
    expect(calls[0].headers.authorization).toBe(`Bearer ${WEBAPI_KEY}`);

    const notice = within(footer()).getByRole('button', { name: 'Aviso legal' });
    notice.focus();
    fireEvent.click(notice);
    const dialog = await screen.findByRole('dialog', { name: 'Aviso legal de Autoescuela Volante' });
    expect([...within(dialog).getByTestId('legal-body').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Autoescuela Volante SL\nNIF B12345678\nCalle Mayor 1, 28001 Madrid',
      'Inscrita en el Registro Mercantil de Madrid, tomo 1234, folio 56.',
    ]);
    // the customer sees no staff details
    expect(dialog).not.toHaveTextContent('Versión');
    expect(within(dialog).getByRole('region', { name: 'Aviso legal de Autoescuela Volante' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notice).toHaveFocus();

    fireEvent.click(within(footer()).getByRole('button', { name: 'Cookies' }));
    expect(await screen.findByRole('dialog', { name: 'Política de cookies' })).toHaveTextContent('Esta web solo usa las cookies necesarias para funcionar.');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // read once for the page
    expect(api.calls(LEGAL_READ)).toHaveLength(1);
  });

  it('shows under the access form too, before the customer signs in', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = mockApi({ [LEGAL_READ]: storefrontLegal([publishedText('privacy')]) });
    renderModule(DASHBOARD, api);
    await screen.findByRole('form', { name: 'Acceder al área de cliente' });
    expect((await within(await screen.findByTestId('customer-legal')).findAllByRole('button')).map((b) => b.textContent)).toEqual(['Privacidad']);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET web/api/legal/read']);
    fireEvent.click(within(footer()).getByRole('button', { name: 'Privacidad' }));
    expect(await screen.findByRole('dialog', { name: 'Política de privacidad' })).toHaveTextContent('Tratamos sus datos para gestionar su matrícula y sus pedidos.');
  });

  it('shows nothing when the school publishes none of them, or when they cannot be read', async () => {
    storeCustomer();
    const api = accountHost([publishedText('terms')]);
    const { unmount } = renderModule(ACCOUNT, api);
    await screen.findByTestId('account-facts');
    await waitFor(() => expect(api.calls(LEGAL_READ)).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId('customer-legal')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Textos legales' })).toBeNull();
    unmount();

    api.on(LEGAL_READ, readError('SERVER-000', 'Error interno del servidor'));
    renderModule(ACCOUNT, api);
    await screen.findByTestId('account-facts');
    await waitFor(() => expect(api.calls(LEGAL_READ)).toHaveLength(2));
    await settle();
    expect(screen.queryByTestId('customer-legal')).toBeNull();
    // the page is not troubled by it
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
