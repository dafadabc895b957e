import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { legalText, legalTexts } from '../test/fixtures';

const INFO = '/web/info';
const READ = 'GET web/legal/read';
const UPDATE = 'POST web/legal/update';

/** A long conditions of sale: its card shows only the start. */
const longTerms = legalText('terms', 1, {
  body: `1. Objeto\n${'Estas condiciones regulan la compra de cursos en la web de la autoescuela. '.repeat(6).trim()}\n\n2. Pago\nSe paga con tarjeta o Bizum en la página del banco.`,
});
const notice = legalText('legal_notice', 3, { created_at: '2026-11-27T10:00:00.000Z' });
const cookiesDown = legalText('cookies', 2, { body: '', created_at: '2026-11-25T08:30:00.000Z' });

/** The fake host's texts: the notice in force (v3), no privacy policy, cookies taken down (v2), long conditions (v1). */
function legalHost(routes: Record<string, object> = {}, current: Parameters<typeof legalTexts>[0] = { legal_notice: notice, cookies: cookiesDown, terms: longTerms }) {
  return mockApi({ [READ]: envelopeOk(legalTexts(current)), ...routes });
}

const card = (name: string) => screen.getByRole('region', { name });
const paragraphsOf = (el: HTMLElement) => [...el.querySelectorAll('p')].map((p) => p.textContent);

describe('/web/info — the legal texts', () => {
  it('shows each kind with its text in force (title, version, date, start of the body), or "Sin publicar"; "Retirado" when taken down', async () => {
    const api = legalHost();
    renderModule(INFO, api);
    expect(await screen.findByTestId('legal-hint')).toHaveTextContent(
      'Lo que la ley pide a una tienda online: el aviso legal (LSSI), la política de privacidad (RGPD), la de cookies y las condiciones de compra que el cliente acepta al pagar. Cada vez que guarda, se crea una versión nueva; cada pedido guarda la versión de las condiciones que aceptó su cliente.',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Aviso legal', 'Política de privacidad', 'Política de cookies', 'Condiciones de compra']);
    expect(api.calls(READ).map((r) => r.query.toString())).toEqual(['']);

    // in force: title, version and date (Madrid), the body's paragraphs with their line breaks
    const legal = card('Aviso legal');
    expect(within(legal).getByTestId('legal-state')).toHaveTextContent('Publicado');
    expect(within(legal).getByTestId('legal-meta')).toHaveTextContent('Versión 3 · 27/11/2026 - 11:00:00');
    expect(within(legal).getByTestId('legal-title')).toHaveTextContent('Aviso legal de Autoescuela Volante');
    const preview = within(legal).getByTestId('legal-preview');
    expect(paragraphsOf(preview)).toEqual(['Autoescuela Volante SL\nNIF B12345678\nCalle Mayor 1, 28001 Madrid', 'Inscrita en el Registro Mercantil de Madrid, tomo 1234, folio 56.']);
    expect(preview.querySelector('p')).toHaveClass('web-text');
    expect(within(legal).queryByRole('button', { name: 'Leer el texto completo' })).toBeNull();
    expect(within(legal).getByRole('button', { name: 'Retirar de la web' })).toBeInTheDocument();

    // never written: nothing to withdraw, no versions
    const privacy = card('Política de privacidad');
    expect(within(privacy).getByTestId('legal-state')).toHaveTextContent('Sin publicar');
    expect(within(privacy).getByTestId('legal-unpublished')).toHaveTextContent('Todavía no se ha escrito: la web no lo muestra.');
    expect(within(privacy).queryByTestId('legal-meta')).toBeNull();
    expect(within(privacy).getAllByRole('button').map((b) => b.textContent)).toEqual(['Editar']);

    // taken down: its newest version is empty
    const cookies = card('Política de cookies');
    expect(within(cookies).getByTestId('legal-state')).toHaveTextContent('Retirado');
    expect(within(cookies).getByTestId('legal-unpublished')).toHaveTextContent('Sin publicar: se retiró de la web y no se muestra.');
    expect(within(cookies).getByTestId('legal-meta')).toHaveTextContent('Versión 2 · 25/11/2026 - 09:30:00');
    expect(within(cookies).queryByTestId('legal-preview')).toBeNull();
    expect(within(cookies).getAllByRole('button').map((b) => b.textContent)).toEqual(['Editar', 'Versiones']);

    // a long text: the start, cut at a word, and the whole in a window
    const terms = card('Condiciones de compra');
    const start = paragraphsOf(within(terms).getByTestId('legal-preview'));
    expect(start).toHaveLength(1);
    expect(start[0]).toMatch(/^1\. Objeto\nEstas condiciones regulan la compra .*\S…$/);
    expect(start[0]!.length).toBeLessThanOrEqual(401);
    expect(longTerms.body.startsWith(start[0]!.slice(0, -1))).toBe(true);
    fireEvent.click(within(terms).getByRole('button', { name: 'Leer el texto completo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Condiciones de compra' });
    expect(dialog).toHaveTextContent('Versión 1 · 20/11/2026 - 10:00:00');
    expect(paragraphsOf(within(dialog).getByTestId('legal-body'))).toEqual(longTerms.body.split('\n\n'));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Editar" writes a new version from the form (title and body trimmed), says which, and reads the texts again', async () => {
    const saved = legalText('privacy', 1, { title: 'Privacidad', body: 'Tratamos sus datos.\n\nSus derechos.' });
    const api = legalHost({
      [UPDATE]: () => {
        api.on(READ, envelopeOk(legalTexts({ legal_notice: notice, privacy: saved, cookies: cookiesDown, terms: longTerms })));
        return envelopeOk(saved);
      },
    });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    fireEvent.click(within(card('Política de privacidad')).getByRole('button', { name: 'Editar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar «Política de privacidad»' });
    const form = within(dialog).getByRole('form', { name: 'Editar «Política de privacidad»' });
    expect(form).toHaveTextContent('Al guardar se crea la versión 1, en vigor desde ahora; las anteriores se conservan.');
    const title = within(form).getByLabelText(/^Título/);
    const body = within(form).getByLabelText(/^Texto/);
    expect(title).toHaveValue('');
    expect(title).toHaveFocus();
    expect(body.tagName).toBe('TEXTAREA');
    expect(body).toHaveAttribute('rows', '18');
    expect(body).toHaveAttribute('maxlength', '100000');
    expect(title).toHaveAttribute('maxlength', '200');
    fireEvent.change(title, { target: { value: '  Privacidad ' } });
    fireEvent.change(body, { target: { value: '\nTratamos sus datos.\n\nSus derechos.\n\n' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Texto «Política de privacidad» guardado: versión 1')).toBeInTheDocument();
    expect(api.calls(UPDATE).map((r) => r.body)).toEqual([{ kind: 'privacy', title: 'Privacidad', body: 'Tratamos sus datos.\n\nSus derechos.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(card('Política de privacidad')).getByTestId('legal-state')).toHaveTextContent('Publicado'));
    expect(api.calls(READ)).toHaveLength(2);
    expect(within(card('Política de privacidad')).getByTestId('legal-title')).toHaveTextContent('Privacidad');
  });

  it('starts from the text in force; a body without a title is refused here, the host\'s errors go under their field and "El texto no ha cambiado" above the form', async () => {
    let answer: object = writeError('CONFLICT-000', 'El texto no ha cambiado: no hay versión nueva');
    const api = legalHost({ [UPDATE]: () => answer });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    fireEvent.click(within(card('Aviso legal')).getByRole('button', { name: 'Editar' }));
    const form = within(await screen.findByRole('dialog', { name: 'Editar «Aviso legal»' })).getByRole('form');
    expect(form).toHaveTextContent('Al guardar se crea la versión 4');
    const title = within(form).getByLabelText(/^Título/);
    const body = within(form).getByLabelText(/^Texto/);
    expect(title).toHaveValue('Aviso legal de Autoescuela Volante');
    expect(body).toHaveValue(notice.body);

    // a body needs a title: nothing is sent
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(UPDATE)).toHaveLength(0);

    // the same text as the one in force: the host's CONFLICT above the form
    fireEvent.change(title, { target: { value: 'Aviso legal de Autoescuela Volante' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('legal-editor-errors')).toHaveTextContent('El texto no ha cambiado: no hay versión nueva');
    expect(within(form).queryByTestId('error-title')).toBeNull();
    expect(api.calls(UPDATE).map((r) => r.body)).toEqual([{ kind: 'legal_notice', title: 'Aviso legal de Autoescuela Volante', body: notice.body }]);

    // a field's error under it
    answer = writeError('REQ-102', 'Como máximo 100000 caracteres', { field: 'body' });
    fireEvent.change(body, { target: { value: 'Otro texto' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-body')).toHaveTextContent('Como máximo 100000 caracteres');
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('legal-editor-errors')).toHaveTextContent('Revise los campos marcados');

    // still open, nothing read again; "Cancelar" closes it
    expect(api.calls(READ)).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Aviso legal')).getByTestId('legal-meta')).toHaveTextContent('Versión 3');
  });

  it('"Retirar de la web" asks first: cancelled sends nothing; accepted saves an empty body with the title, then reads the texts again', async () => {
    const down = legalText('legal_notice', 4, { body: '', created_at: '2026-11-28T09:00:00.000Z' });
    const api = legalHost({
      [UPDATE]: () => {
        api.on(READ, envelopeOk(legalTexts({ legal_notice: down, cookies: cookiesDown, terms: longTerms })));
        return envelopeOk(down);
      },
    });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    const withdraw = () => within(card('Aviso legal')).getByRole('button', { name: 'Retirar de la web' });

    fireEvent.click(withdraw());
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Retirar «Aviso legal» de la web');
    expect(confirm).toHaveTextContent('El texto dejará de mostrarse en la web de la autoescuela y en el área de cliente.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls(UPDATE)).toHaveLength(0);

    fireEvent.click(withdraw());
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirar de la web' }));
    expect(await screen.findByText('Texto «Aviso legal» retirado de la web: versión 4')).toBeInTheDocument();
    expect(api.calls(UPDATE).map((r) => r.body)).toEqual([{ kind: 'legal_notice', title: 'Aviso legal de Autoescuela Volante', body: '' }]);
    await waitFor(() => expect(within(card('Aviso legal')).getByTestId('legal-state')).toHaveTextContent('Retirado'));
    expect(within(card('Aviso legal')).getByTestId('legal-meta')).toHaveTextContent('Versión 4 · 28/11/2026 - 10:00:00');
    expect(within(card('Aviso legal')).queryByRole('button', { name: 'Retirar de la web' })).toBeNull();
  });

  it("shows the host's refusal to withdraw in the card, and keeps the text", async () => {
    const api = legalHost({ [UPDATE]: writeError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    fireEvent.click(within(card('Aviso legal')).getByRole('button', { name: 'Retirar de la web' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirar de la web' }));
    expect(await within(card('Aviso legal')).findByTestId('legal-errors-legal_notice')).toHaveTextContent('No tiene permiso para esta acción');
    expect(within(card('Aviso legal')).getByTestId('legal-state')).toHaveTextContent('Publicado');
    expect(api.calls(READ)).toHaveLength(1);
  });

  it('"Versiones" lists a kind\'s versions (web/legal/read?kind=), newest first, and reads an older one in a window', async () => {
    const versions = [
      notice,
      legalText('legal_notice', 2, { body: '', created_at: '2026-11-24T12:00:00.000Z' }),
      legalText('legal_notice', 1, { title: 'Aviso legal', body: 'Autoescuela Volante SL\nNIF B12345678', created_at: '2026-11-01T09:15:00.000Z' }),
    ];
    const api = legalHost({
      [READ]: (req: MockRequest) => envelopeOk(legalTexts({ legal_notice: notice, cookies: cookiesDown, terms: longTerms }, req.query.get('kind') ? versions : undefined)),
    });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    const toggle = within(card('Aviso legal')).getByRole('button', { name: 'Versiones' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Versiones de Aviso legal' });
    expect(api.calls(READ).map((r) => r.query.get('kind'))).toEqual([null, 'legal_notice']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Ocultar las versiones');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent))).toEqual([
      ['3', '27/11/2026 - 11:00:00', 'Aviso legal de Autoescuela Volante'],
      ['2', '24/11/2026 - 13:00:00', 'Aviso legal de Autoescuela Volante Retirado'],
      ['1', '01/11/2026 - 10:15:00', 'Aviso legal'],
    ]);
    // a version that took the text down has nothing to read
    expect(within(rows[1]).queryByRole('button')).toBeNull();

    const read = within(rows[2]).getByRole('button', { name: 'Leer la versión 1' });
    read.focus();
    fireEvent.click(read);
    const dialog = await screen.findByRole('dialog', { name: 'Aviso legal' });
    expect(dialog).toHaveTextContent('Versión 1 · 01/11/2026 - 10:15:00');
    expect(paragraphsOf(within(dialog).getByTestId('legal-body'))).toEqual(['Autoescuela Volante SL\nNIF B12345678']);
    // the text takes the focus (to scroll it with the keys); Escape gives it back
    expect(within(dialog).getByRole('region', { name: 'Aviso legal' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(read).toHaveFocus();

    fireEvent.click(toggle);
    expect(screen.queryByRole('table', { name: 'Versiones de Aviso legal' })).toBeNull();
  });

  it("shows the host's error when the versions cannot be read, with a retry", async () => {
    const api = legalHost({
      [READ]: (req: MockRequest) =>
        req.query.get('kind') ? readError('SERVER-000', 'Error interno del servidor') : envelopeOk(legalTexts({ legal_notice: notice, cookies: cookiesDown, terms: longTerms })),
    });
    renderModule(INFO, api);
    await screen.findByTestId('legal-hint');
    fireEvent.click(within(card('Aviso legal')).getByRole('button', { name: 'Versiones' }));
    const versions = await within(card('Aviso legal')).findByTestId('legal-versions');
    expect(await within(versions).findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on(READ, (req: MockRequest) => envelopeOk(legalTexts({ legal_notice: notice }, req.query.get('kind') ? [notice] : undefined)));
    fireEvent.click(within(versions).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Versiones de Aviso legal' })).toBeInTheDocument();
  });

  it('a user without the web permission reads the texts and their versions, and changes nothing', async () => {
    renderModule(INFO, legalHost(), clerk);
    await screen.findByTestId('legal-hint');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirar de la web' })).toBeNull();
    expect(within(card('Aviso legal')).getByRole('button', { name: 'Versiones' })).toBeInTheDocument();
    expect(within(card('Política de privacidad')).queryAllByRole('button')).toHaveLength(0);
  });

  it("shows the host's error when the texts cannot be read, with a retry", async () => {
    const api = legalHost({ [READ]: readError('SERVER-000', 'Error interno del servidor') });
    renderModule(INFO, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on(READ, envelopeOk(legalTexts({ legal_notice: notice })));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await within(await screen.findByRole('region', { name: 'Aviso legal' })).findByTestId('legal-state')).toHaveTextContent('Publicado');
  });
});
