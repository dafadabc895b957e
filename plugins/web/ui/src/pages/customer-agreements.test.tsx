import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { renderModule, storeCustomer, storedCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, agreement } from '../test/fixtures';

const AGREEMENTS = '/layout/contact/agreements';
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const table = () => screen.getByRole('table', { name: 'Mis acuerdos' });
const rows = () => within(table()).getAllByRole('row').slice(1);

const signed = agreement(2, {
  agreement_name: 'Autorización de imagen',
  type: 'consent',
  type_name: 'Consentimiento',
  status: 'signed',
  requested_at: '2026-11-02T09:00:00.000Z',
  signed_at: '2026-11-03T18:30:00.000Z',
  sign_path: null,
  signed_url: '/api/filesystem/file/read?file_id=77&link=ref-2',
});

describe('/layout/contact/agreements', () => {
  it("lists the customer's agreements: name, type, status, dates; Firmar while pending, Descargar once signed", async () => {
    storeCustomer();
    const api = mockApi({ 'GET web/api/user/agreement': envelopeOk([agreement(1), signed]) });
    renderModule(AGREEMENTS, api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Acuerdo', 'Tipo', 'Estado', 'Solicitado el', 'Firmado el', 'Acciones']);
    expect(cells(rows()[0])).toEqual(['Contrato de matrícula', 'Matrícula', 'Pendiente de firma', '20/11/2026', '—', 'Firmar']);
    expect(cells(rows()[1])).toEqual(['Autorización de imagen', 'Consentimiento', 'Firmado', '02/11/2026', '03/11/2026', 'Descargar']);

    // the agreements plugin's public signing page, a path of the app
    const sign = within(rows()[0]).getByRole('link', { name: 'Firmar Contrato de matrícula' });
    expect(sign).toHaveAttribute('href', '/agreement/sign/ref-1');
    expect(sign).not.toHaveAttribute('target');
    expect(within(rows()[0]).queryByRole('link', { name: /^Descargar/ })).toBeNull();
    // the signed PDF, a plain link that opens it
    const download = within(rows()[1]).getByRole('link', { name: 'Descargar Autorización de imagen firmado' });
    expect(download).toHaveAttribute('href', '/api/filesystem/file/read?file_id=77&link=ref-2');
    expect(download).toHaveAttribute('target', '_blank');
    expect(within(rows()[1]).queryByRole('link', { name: /^Firmar/ })).toBeNull();
    expect(api.calls('GET web/api/user/agreement')[0].headers.authorization).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
  });

  it('offers nothing for a pending agreement without a signing page, and says when there are none', async () => {
    storeCustomer();
    const { unmount } = renderModule(AGREEMENTS, mockApi({ 'GET web/api/user/agreement': envelopeOk([agreement(3, { sign_path: null, type_name: '' })]) }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cells(rows()[0])).toEqual(['Contrato de matrícula', '—', 'Pendiente de firma', '20/11/2026', '—', '']);
    unmount();

    renderModule(AGREEMENTS, mockApi({ 'GET web/api/user/agreement': envelopeOk([]) }));
    expect(await screen.findByText('No tiene acuerdos')).toBeInTheDocument();
  });

  it('an expired token (SESSION-001) is purged: the page asks to sign in again', async () => {
    storeCustomer();
    renderModule(AGREEMENTS, mockApi({ 'GET web/api/user/agreement': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') }));
    expect(await screen.findByTestId('customer-signed-out')).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
  });

  it('signed out or without a key, calls nothing', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = mockApi();
    const { unmount } = renderModule(AGREEMENTS, api);
    expect(await screen.findByTestId('customer-signed-out')).toBeInTheDocument();
    unmount();
    localStorage.clear();
    renderModule(AGREEMENTS, api);
    expect(await screen.findByTestId('customer-no-key')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
