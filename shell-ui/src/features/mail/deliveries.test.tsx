import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../../test/renderApp';
import type { Delivery, DeliveryStatus } from './types';

const REFUSED = '550 5.1.1 <pepe@example.es>: Recipient address rejected: User unknown in virtual mailbox table';

// Newest first, as the host answers.
const queued: Delivery = {
  mail_id: 3,
  source: 'invoices',
  recipient: 'luis@example.es',
  subject: 'Factura 2026-0042',
  status: 'queued',
  attempts: 3,
  last_error: '451 4.7.1 Try again later',
  created_at: '2026-03-02T09:05:00Z',
  sent_at: null,
  next_attempt_at: '2026-03-02T11:00:00Z',
};
const failed: Delivery = {
  mail_id: 2,
  source: 'alarms',
  recipient: 'pepe@example.es',
  subject: 'Aviso: ITV del 1234-ABC',
  status: 'failed',
  attempts: 12,
  last_error: REFUSED,
  created_at: '2026-03-01T08:30:00Z',
  sent_at: null,
  next_attempt_at: null,
};
const sent: Delivery = {
  mail_id: 1,
  source: 'valkiria',
  recipient: 'ana@example.es',
  subject: 'Respuesta a su duda',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-02-28T17:45:00Z',
  sent_at: '2026-02-28T17:45:02Z',
  next_attempt_at: null,
};

/** Older sent mail, enough for a second page. */
const older: Delivery[] = Array.from({ length: 30 }, (_, i) => ({
  ...sent,
  mail_id: 100 - i,
  recipient: `alumno${i + 1}@example.es`,
  created_at: `2026-02-${String(27 - (i % 27)).padStart(2, '0')}T10:00:00Z`,
}));

/**
 * The host: `mail/delivery/read` filters by status and pages what the test holds (`mail.items`),
 * counting every status; the layouts above are none.
 */
function deliveriesApi(items: Delivery[] = [queued, failed, sent]) {
  const mail = { items };
  const api = mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
    'GET mail/layout/read': envelopeOk({ items: [] }),
    'GET mail/delivery/read': (req: MockRequest) => {
      const status = req.query.get('status') ?? '';
      if (status && !['queued', 'sent', 'failed'].includes(status)) return readError('REQ-102', 'Estado no válido', { field: 'status' });
      const page = Number(req.query.get('page') ?? '1');
      const perPage = Number(req.query.get('per_page') ?? '25');
      const matching = mail.items.filter((d) => !status || d.status === status);
      const count = (s: DeliveryStatus) => mail.items.filter((d) => d.status === s).length;
      return envelopeOk({
        items: matching.slice((page - 1) * perPage, page * perPage),
        total: matching.length,
        page,
        per_page: perPage,
        counts: { queued: count('queued'), sent: count('sent'), failed: count('failed') },
      });
    },
  });
  return { api, mail };
}

const card = () => screen.findByTestId('mail-deliveries');
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const lastRead = (api: ReturnType<typeof mockApi>) => api.calls('GET mail/delivery/read').at(-1)!.query;

describe('mail deliveries', () => {
  it('shows the counts per status and the rows, newest first', async () => {
    const { api } = deliveriesApi();
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    expect(within(section).getByRole('heading', { level: 2, name: 'Envíos de correo' })).toBeInTheDocument();
    expect(within(section).getByText('Los correos que envían los módulos: se reintentan solos durante un día si el servidor de correo los rechaza')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Envíos de correo' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));
    const counts = within(section).getByTestId('mail-deliveries-counts');
    expect(within(counts).getByText('En cola: 1')).toHaveClass('vk-badge', 'vk-badge--warning');
    expect(within(counts).getByText('Enviados: 1')).toHaveClass('vk-badge', 'vk-badge--success');
    expect(within(counts).getByText('Fallidos: 1')).toHaveClass('vk-badge', 'vk-badge--danger');
    const query = lastRead(api);
    expect(query.get('status')).toBeNull();
    expect(query.get('page')).toBe('1');
    expect(query.get('per_page')).toBe('25');

    const [first, second, third] = rowsOf(table);
    // Queued: when, to whom, what, from which module, its attempts, the last error and the next attempt.
    expect(first).toHaveTextContent('02/03/2026 - 10:05');
    expect(first).toHaveTextContent('luis@example.es');
    expect(first).toHaveTextContent('Factura 2026-0042');
    expect(first).toHaveTextContent('invoices');
    expect(within(first).getByText('En cola')).toHaveClass('vk-badge');
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByTestId('mail-delivery-error')).toHaveTextContent('451 4.7.1 Try again later');
    expect(within(first).getByTestId('mail-delivery-next')).toHaveTextContent('Próximo intento: 02/03/2026 - 12:00');
    expect(within(first).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    // Failed: the whole error on hover, muted; no next attempt.
    expect(within(second).getByText('Fallido')).toHaveClass('vk-badge', 'vk-badge--danger');
    const error = within(second).getByTestId('mail-delivery-error');
    expect(error).toHaveTextContent(REFUSED);
    expect(error).toHaveAttribute('title', REFUSED);
    expect(error).toHaveClass('muted');
    expect(within(second).queryByTestId('mail-delivery-next')).toBeNull();
    expect(within(second).getByText('12')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    // Sent: nothing to say, nothing to retry.
    expect(within(third).getByText('Enviado')).toHaveClass('vk-badge', 'vk-badge--success');
    expect(third).toHaveTextContent('valkiria');
    expect(within(third).queryByTestId('mail-delivery-error')).toBeNull();
    expect(within(third).queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('says so when no mail has been sent', async () => {
    const { api } = deliveriesApi([]);
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    expect(await within(section).findByText('No hay envíos')).toBeInTheDocument();
    expect(within(section).getByTestId('mail-deliveries-counts')).toHaveTextContent('En cola: 0Enviados: 0Fallidos: 0');
  });

  it('filters by status, back to page 1', async () => {
    const { api } = deliveriesApi([queued, failed, sent, ...older]);
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    await waitFor(() => expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 33'));
    fireEvent.click(within(section).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 33 de 33'));
    expect(lastRead(api).get('page')).toBe('2');

    const filter = within(section).getByRole('combobox', { name: 'Estado del envío' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'En cola', 'Enviados', 'Fallidos']);
    fireEvent.change(filter, { target: { value: 'failed' } });
    await waitFor(() => expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 1 de 1'));
    expect(lastRead(api).get('status')).toBe('failed');
    expect(lastRead(api).get('page')).toBe('1');
    const table = within(section).getByRole('table', { name: 'Envíos de correo' });
    expect(rowsOf(table)).toHaveLength(1);
    expect(rowsOf(table)[0]).toHaveTextContent('pepe@example.es');
    // The counts are the business's, whatever the filter.
    expect(within(section).getByTestId('mail-deliveries-counts')).toHaveTextContent('Enviados: 31');

    fireEvent.change(filter, { target: { value: '' } });
    await waitFor(() => expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 33'));
    expect(lastRead(api).get('status')).toBeNull();
  });

  it('retries one: posts its id, says its new status and reads the same page again', async () => {
    const { api, mail } = deliveriesApi([...older.slice(0, 25), failed, queued]);
    api.on('POST mail/delivery/retry', (req: MockRequest) => {
      const { mail_id } = req.body as { mail_id: number };
      const retried = { ...mail.items.find((d) => d.mail_id === mail_id)!, status: 'sent' as const, attempts: 13, last_error: null, sent_at: '2026-03-02T10:00:00Z' };
      mail.items = mail.items.map((d) => (d.mail_id === mail_id ? retried : d));
      return envelopeOk(retried);
    });
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    await waitFor(() => expect(within(section).getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 27'));
    fireEvent.click(within(section).getByRole('button', { name: 'Página 2' }));
    const table = within(section).getByRole('table', { name: 'Envíos de correo' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    const reads = api.calls('GET mail/delivery/read').length;

    fireEvent.click(within(rowsOf(table)[0]).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Correo reintentado: Enviado')).toBeInTheDocument();
    expect(api.calls('POST mail/delivery/retry')[0].body).toEqual({ mail_id: 2 });
    await waitFor(() => expect(api.calls('GET mail/delivery/read')).toHaveLength(reads + 1));
    expect(lastRead(api).get('page')).toBe('2');
    await waitFor(() => expect(within(rowsOf(table)[0]).getByText('Enviado')).toBeInTheDocument());
    expect(within(rowsOf(table)[0]).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(within(section).getByTestId('mail-deliveries-counts')).toHaveTextContent('Fallidos: 0');
    expect(within(section).queryByTestId('mail-deliveries-errors')).toBeNull();
  });

  it('says the new status when the retry is refused again by the relay', async () => {
    const { api } = deliveriesApi();
    api.on('POST mail/delivery/retry', envelopeOk({ ...queued, attempts: 4 }));
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    const table = within(section).getByRole('table', { name: 'Envíos de correo' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));
    fireEvent.click(within(rowsOf(table)[0]).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Correo reintentado: En cola')).toBeInTheDocument();
    expect(api.calls('POST mail/delivery/retry')[0].body).toEqual({ mail_id: 3 });
  });

  it("shows the host's refusal of a retry in the card", async () => {
    const { api } = deliveriesApi();
    api.on('POST mail/delivery/retry', writeError('CONFLICT-000', 'El correo ya se ha enviado'));
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    const table = within(section).getByRole('table', { name: 'Envíos de correo' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));
    fireEvent.click(within(rowsOf(table)[1]).getByRole('button', { name: 'Reintentar' }));
    const alert = await within(section).findByTestId('mail-deliveries-errors');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('El correo ya se ha enviado');
    expect(screen.queryByText(/Correo reintentado/)).toBeNull();
    // The next attempt starts clean.
    api.on('POST mail/delivery/retry', envelopeOk({ ...failed, status: 'sent' }));
    fireEvent.click(within(rowsOf(table)[1]).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Correo reintentado: Enviado')).toBeInTheDocument();
    expect(within(section).queryByTestId('mail-deliveries-errors')).toBeNull();
  });

  it("shows the host's refusal of the list in the card, with a retry", async () => {
    const { api } = deliveriesApi();
    api.on('GET mail/delivery/read', readError('REQ-100', 'Servicio no disponible'));
    renderApp('/mail/layout/list', { api, signedIn: true });
    const section = await card();
    const alert = await within(section).findByTestId('mail-deliveries-load-error');
    expect(alert).toHaveTextContent('Servicio no disponible');
    api.on('GET mail/delivery/read', envelopeOk({ items: [sent], total: 1, page: 1, per_page: 25, counts: { queued: 0, sent: 1, failed: 0 } }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByText('ana@example.es')).toBeInTheDocument();
    expect(within(section).queryByTestId('mail-deliveries-load-error')).toBeNull();
  });
});
