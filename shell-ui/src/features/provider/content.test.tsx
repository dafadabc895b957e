import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { admin } from '../servers/fixtures';

const base = {
  fiscal_name: '', fiscal_code: '', email: '', phone: '', city: 'Madrid', status: 'active', is_provider: false, created_at: '2026-01-10T09:00:00Z', group_id: null, group_name: null,
};
const provider = { ...base, business_id: 1, name: 'Volante', is_provider: true };
const demo = { ...base, business_id: 2, name: 'Autoescuela Demo' };
const target = { ...base, business_id: 5, name: 'Autoescuela Copia', fiscal_name: 'Autoescuela Copia SL' };
const zafra = { ...base, business_id: 7, name: 'Autoescuela Zafra' };
const avila = { ...base, business_id: 8, name: 'Academia Ávila' };

const BANK = 'Banco de preguntas: bloques, preguntas con sus traducciones y tests';
const CATEGORIES = 'Categorías de productos (sin imagen ni productos)';
const kinds = [
  { kind: 'blocktest', label: BANK, plugin: 'valkiria', plugin_name: 'Test online', service: 'valkiria' },
  { kind: 'productcategory', label: CATEGORIES, plugin: 'products', plugin_name: 'Productos', service: 'product' },
];

const positions = [
  { position_id: 11, name: 'Administrativo' },
  { position_id: 12, name: 'Comercial' },
  { position_id: 13, name: 'Director' },
  { position_id: 14, name: 'Profesor' },
];

/** The host as the provider's administrator sees it: the target school has Test online only. */
function contentApi() {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET business/read': (req: MockRequest) =>
      req.query.get('all') === 'true'
        ? envelopeOk([provider, zafra, demo, target, avila])
        : envelopeOk({ ...target, branch_count: 1, services: [{ id: 'valkiria', name: 'Test online', enabled_at: '2026-02-01T10:00:00Z' }] }),
    'GET business/group/readgroup': envelopeOk([]),
    'GET business/copy/kinds': envelopeOk(kinds),
  });
}

const copied = (created: number, skipped: number, kind = kinds[0]) =>
  envelopeOk({ kind: kind.kind, label: kind.label, plugin: kind.plugin, from: { business_id: 2, name: 'Autoescuela Demo' }, to: { business_id: 5, name: 'Autoescuela Copia' }, created, skipped });

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

async function openContent(api = contentApi()) {
  renderApp('/facilauto/business/view/5?tab=content', { api, signedIn: true });
  const section = await screen.findByRole('region', { name: 'Copiar contenido de otra empresa' });
  const form = await within(section).findByRole('form', { name: 'Copiar contenido de otra empresa' });
  return {
    api,
    section,
    form,
    kind: within(form).getByRole('combobox', { name: 'Contenido' }),
    from: within(form).getByRole('combobox', { name: 'Copiar de' }),
    copy: within(form).getByRole('button', { name: 'Copiar' }),
  };
}

describe('provider: the "Contenido" tab of a business', () => {
  it('is the fourth tab, after "Módulos", and lists the kinds and the other businesses by name, without this one', async () => {
    const api = contentApi();
    renderApp('/facilauto/business/view/5', { api, signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Autoescuela Copia' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Ficha', 'Módulos', 'Contenido', 'Informes']);
    fireEvent.click(screen.getByRole('tab', { name: 'Contenido' }));
    const section = await screen.findByRole('region', { name: 'Copiar contenido de otra empresa' });
    expect(screen.getByRole('tab', { name: 'Contenido' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent(/Autoescuela Copia.*Contenido/);
    expect(section).toHaveTextContent('Lo que Autoescuela Copia ya tenga se conserva y no se repite');
    expect(section).toHaveTextContent('La copia se hace entera o no se hace');
    const kind = await within(section).findByRole('combobox', { name: 'Contenido' });
    expect(optionTexts(kind)).toEqual(['Elija el contenido', BANK, CATEGORIES]);
    expect(optionTexts(within(section).getByRole('combobox', { name: 'Copiar de' }))).toEqual(['Elija la empresa', 'Academia Ávila', 'Autoescuela Demo', 'Autoescuela Zafra', 'Volante']);
    // Nothing is copied (nor positions added) by opening the tab.
    expect(api.calls('POST business/copy')).toHaveLength(0);
    expect(api.calls('GET business/initalpositions')).toHaveLength(0);
  });

  it('copies after confirming, sending {from, to, kind}, busy meanwhile, and says how many are new and how many were there', async () => {
    const api = contentApi();
    let answer: (value: unknown) => void = () => {};
    api.on('POST business/copy', () => new Promise((resolve) => (answer = resolve)));
    const { form, kind, from, copy } = await openContent(api);
    fireEvent.change(kind, { target: { value: 'blocktest' } });
    fireEvent.change(from, { target: { value: '2' } });

    // Asked first, naming the content, the source and this business; "Cancelar" sends nothing.
    fireEvent.click(copy);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Se copiará «${BANK}» de Autoescuela Demo a Autoescuela Copia`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST business/copy')).toHaveLength(0);

    fireEvent.click(copy);
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(api.calls('POST business/copy')).toHaveLength(1));
    expect(api.calls('POST business/copy')[0].body).toEqual({ from: 2, to: 5, kind: 'blocktest' });
    await waitFor(() => expect(copy).toBeDisabled());
    expect(form).toHaveAttribute('aria-busy', 'true');
    answer(copied(5, 2));

    const result = await screen.findByTestId('content-copy-result');
    expect(within(result).getByTestId('content-copy-counts')).toHaveTextContent(/^Copiado: 5 nuevos, 2 ya estaban$/);
    expect(result).toHaveTextContent(`${BANK}, de Autoescuela Demo a Autoescuela Copia`);
    expect(await screen.findByText('Contenido copiado de Autoescuela Demo a Autoescuela Copia')).toBeInTheDocument();
    expect(copy).toBeEnabled();

    // Again: nothing new (singular and zero as Spanish says them).
    api.on('POST business/copy', () => copied(0, 1));
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getByTestId('content-copy-counts')).toHaveTextContent(/^Copiado: 0 nuevos, 1 ya estaba$/));
    api.on('POST business/copy', () => copied(1, 0));
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getByTestId('content-copy-counts')).toHaveTextContent(/^Copiado: 1 nuevo, 0 ya estaban$/));
    expect(api.calls('POST business/copy')).toHaveLength(3);
  });

  it("shows the host's refusal (SERVICE-000's details) above the form and its field errors under their fields", async () => {
    const api = contentApi();
    api.on('POST business/copy', () => writeError('SERVICE-000', 'Autoescuela Demo no tiene el servicio Test online'));
    const { form, kind, from, copy } = await openContent(api);
    fireEvent.change(kind, { target: { value: 'blocktest' } });
    fireEvent.change(from, { target: { value: '2' } });
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    const alert = await screen.findByTestId('content-copy-errors');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('Autoescuela Demo no tiene el servicio Test online');
    expect(screen.queryByTestId('content-copy-result')).toBeNull();

    // The source's error goes under "Copiar de"; the target's (no field of its own) above.
    api.on('POST business/copy', () =>
      envelopeError([
        { code: 'REQ-102', data: { field: 'from' }, details: 'La empresa no existe' },
        { code: 'REQ-102', data: { field: 'to' }, details: 'La empresa de destino es la de origen' },
      ]),
    );
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(within(form).getByTestId('error-from')).toHaveTextContent('La empresa no existe'));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('content-copy-errors')).toHaveTextContent(/^La empresa de destino es la de origen$/);
    // Changing the source takes its message away.
    fireEvent.change(from, { target: { value: '7' } });
    expect(within(form).queryByTestId('error-from')).toBeNull();

    // A plugin's refusal (CONFLICT-000), as the host words it.
    api.on('POST business/copy', () => writeError('CONFLICT-000', 'valkiria no ha podido copiar el contenido: referencia repetida'));
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getByTestId('content-copy-errors')).toHaveTextContent('valkiria no ha podido copiar el contenido: referencia repetida'));
    expect(api.calls('POST business/copy').map((r) => r.body)).toEqual([
      { from: 2, to: 5, kind: 'blocktest' },
      { from: 2, to: 5, kind: 'blocktest' },
      { from: 7, to: 5, kind: 'blocktest' },
    ]);
  });

  it('asks for the content and the source before asking anything else, sending nothing', async () => {
    const { api, form, kind, copy } = await openContent();
    fireEvent.click(copy);
    expect(await within(form).findByTestId('error-kind')).toHaveTextContent('Elija qué contenido copiar');
    expect(within(form).getByTestId('error-from')).toHaveTextContent('Elija de qué empresa copiarlo');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.change(kind, { target: { value: 'blocktest' } });
    expect(within(form).queryByTestId('error-kind')).toBeNull();
    fireEvent.click(copy);
    expect(within(form).getByTestId('error-from')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST business/copy')).toHaveLength(0);
  });

  it("warns when this business lacks the chosen content's service, pointing to \"Módulos\", and still copies", async () => {
    const api = contentApi();
    api.on('POST business/copy', () => writeError('SERVICE-000', 'Autoescuela Copia no tiene el servicio Productos'));
    api.on('GET plugin/list', envelopeOk([]));
    const { kind, from, copy } = await openContent(api);
    fireEvent.change(kind, { target: { value: 'blocktest' } });
    expect(screen.queryByTestId('content-copy-service')).toBeNull();
    fireEvent.change(kind, { target: { value: 'productcategory' } });
    const warning = screen.getByTestId('content-copy-service');
    expect(warning).toHaveTextContent('Autoescuela Copia no tiene activado el servicio del módulo Productos que necesita este contenido: actívelo en «Módulos»');
    expect(copy).toBeEnabled();
    fireEvent.change(from, { target: { value: '2' } });
    fireEvent.click(copy);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByTestId('content-copy-errors')).toHaveTextContent('Autoescuela Copia no tiene el servicio Productos');
    expect(api.calls('POST business/copy')[0].body).toEqual({ from: 2, to: 5, kind: 'productcategory' });

    fireEvent.click(within(warning).getByRole('link', { name: 'Ir a Módulos' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Módulos' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/business/view/5');
  });

  it('says when no installed module copies content (no form)', async () => {
    const api = contentApi();
    api.on('GET business/copy/kinds', envelopeOk([]));
    renderApp('/facilauto/business/view/5?tab=content', { api, signedIn: true });
    const section = await screen.findByRole('region', { name: 'Copiar contenido de otra empresa' });
    expect(await within(section).findByTestId('content-copy-none')).toHaveTextContent('Ningún módulo instalado permite copiar contenido');
    expect(within(section).queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar' })).toBeNull();
  });

  it("shows why the kinds could not be read, with a retry", async () => {
    const api = contentApi();
    let fail = true;
    api.on('GET business/copy/kinds', () => (fail ? readError('PERMISSION-000', 'No tiene permiso') : envelopeOk(kinds)));
    renderApp('/facilauto/business/view/5?tab=content', { api, signedIn: true });
    const section = await screen.findByRole('region', { name: 'Copiar contenido de otra empresa' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('No tiene permiso');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findByRole('combobox', { name: 'Contenido' })).toBeInTheDocument();
  });

  it('adds the default positions the business lacks, saying which, and lists them; then says it had them all', async () => {
    const api = contentApi();
    let first = true;
    api.on('GET business/initalpositions', () => {
      const added = first ? ['Comercial'] : [];
      first = false;
      return envelopeOk({ added, positions });
    });
    renderApp('/facilauto/business/view/5?tab=content', { api, signedIn: true });
    const section = await screen.findByRole('region', { name: 'Puestos de trabajo' });
    expect(api.calls('GET business/initalpositions')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Añadir los puestos por defecto' }));
    expect(await within(section).findByTestId('content-positions-added')).toHaveTextContent(/^Añadidos: Comercial$/);
    expect(api.calls('GET business/initalpositions').map((r) => r.query.get('business_id'))).toEqual(['5']);
    const list = within(section).getByRole('list', { name: 'Puestos de Autoescuela Copia' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Administrativo', 'Comercial', 'Director', 'Profesor']);

    fireEvent.click(within(section).getByRole('button', { name: 'Añadir los puestos por defecto' }));
    await waitFor(() => expect(within(section).getByTestId('content-positions-added')).toHaveTextContent(/^Ya tenía todos los puestos por defecto$/));
    expect(api.calls('GET business/initalpositions')).toHaveLength(2);
  });

  it("shows the host's error when the positions cannot be added", async () => {
    const api = contentApi();
    api.on('GET business/initalpositions', readError('NOT-FOUND-000', 'Empresa no encontrada'));
    renderApp('/facilauto/business/view/5?tab=content', { api, signedIn: true });
    const section = await screen.findByRole('region', { name: 'Puestos de trabajo' });
    fireEvent.click(within(section).getByRole('button', { name: 'Añadir los puestos por defecto' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Empresa no encontrada');
    expect(within(section).queryByRole('list')).toBeNull();
  });
});
