import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { envelopeOk, mockApi, printSelectors, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, director, renderModule } from '../test/render';
import { business, folder, folderItem, folderStudent, page, query } from '../test/fixtures';

const REQUEST = '/dgt/folder/solicitud_pruebas_aptitud';
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

/** The address's query, beside the kit's `location` (the path alone). */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** The open folders (one without a date yet) and a submitted one; the detail of `record`, another id is not found. */
function requestHost(record: object = folder(), routes: Record<string, object> = {}) {
  const { id } = record as { id: number };
  return mockApi({
    'GET dgt/folder/read': (req: MockRequest) => {
      const asked = req.query.get('id');
      if (asked) return Number(asked) === id ? envelopeOk(record) : readError('NOT-FOUND-000', 'No existe la carpeta');
      return req.query.get('status') === 'open'
        ? page([folderItem(), folderItem({ id: 12, reference: 'EX-2026-0011', name: 'Circulación B enero', exam_kind: 'road', exam_date: null, students: 0, passed: 0 })])
        : page([folderItem({ id: 10, reference: 'EX-2026-0009', name: 'Circuito cerrado A2', exam_kind: 'closed_circuit', licence: 'A2', exam_date: '2026-12-10', status: 'submitted' })]);
    },
    'GET business/read': envelopeOk(business()),
    ...routes,
  });
}

beforeEach(() => {
  // "today" on the sheet's foot
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the request of exam places: choosing a folder', () => {
  it('offers the open and submitted folders, newest exam first (undated first); choosing one sets ?folder= and shows its sheet', async () => {
    const api = requestHost();
    renderModule(REQUEST, api, director, <Search />);
    const chooser = await screen.findByRole('combobox', { name: 'Carpeta' });
    expect(options(chooser)).toEqual([
      'Elija una carpeta',
      'EX-2026-0011 · Circulación B enero · Sin fecha',
      'EX-2026-0009 · Circuito cerrado A2 · 10/12/2026',
      'EX-2026-0007 · Teórico B diciembre · 03/12/2026',
    ]);
    expect(chooser).toHaveValue('');
    expect(api.calls('GET dgt/folder/read').map(query)).toEqual([
      { status: 'open', page: '1', per_page: '500' },
      { status: 'submitted', page: '1', per_page: '500' },
    ]);
    // no folder yet: no sheet, nothing else asked
    expect(screen.queryByTestId('request-sheet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(api.calls('GET business/read')).toHaveLength(0);

    fireEvent.change(chooser, { target: { value: '8' } });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?folder=8'));
    expect(screen.getByTestId('location')).toHaveTextContent(REQUEST);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    expect(api.calls('GET dgt/folder/read').map(query).at(-1)).toEqual({ id: '8' });
    expect(screen.getByRole('combobox', { name: 'Carpeta' })).toHaveValue('8');
    expect(options(screen.getByRole('combobox', { name: 'Carpeta' }))).toHaveLength(3);

    const rows = within(sheet).getAllByTestId('request-student');
    expect(rows.map(cells)).toEqual([
      ['1', 'Lucía García Pérez', '12345678Z', '37', '2.1 Examen permiso B', '9871234567'],
      ['2', 'Contacto n.º 14', '—', '—', '—', 'Falta'],
    ]);
    expect(within(rows[1]).getByText('Falta')).toHaveClass('dgt-missing');
    expect(within(rows[0]).queryByText('Falta')).not.toBeInTheDocument();
  });

  it('offers a folder once, when it was submitted between the two reads', async () => {
    const api = requestHost(folder(), {
      'GET dgt/folder/read': (req: MockRequest) =>
        page(req.query.get('status') === 'open' ? [folderItem()] : [folderItem({ status: 'submitted', submitted_on: '2026-11-25' })]),
    });
    renderModule(REQUEST, api);
    const chooser = await screen.findByRole('combobox', { name: 'Carpeta' });
    expect(options(chooser)).toEqual(['Elija una carpeta', 'EX-2026-0007 · Teórico B diciembre · 03/12/2026']);
  });

  it('says when there is no open or submitted folder, with a link to the folders', async () => {
    const api = requestHost(folder(), { 'GET dgt/folder/read': page([]) });
    renderModule(REQUEST, api, clerk);
    const none = await screen.findByTestId('request-no-folders');
    expect(none).toHaveTextContent('No hay carpetas abiertas ni presentadas.');
    expect(within(none).getByRole('link', { name: 'Ir a las carpetas' })).toHaveAttribute('href', '/dgt/folder/list');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe("a folder's request of exam places", () => {
  it('prints the school (legal and trade names, NIF, address, branch), the reference, the exam, the students, the place and date and the signature', async () => {
    const api = requestHost();
    renderModule(`${REQUEST}?folder=8`, api);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    expect(within(sheet).getByRole('heading', { name: 'Solicitud de pruebas de aptitud' })).toBeInTheDocument();
    const school = within(sheet).getByTestId('request-school');
    await waitFor(() => expect(school).toHaveTextContent('NIF: B23456789'));
    expect([...school.children].map((c) => c.textContent)).toEqual([
      'Autoescuela Demo SL',
      'Autoescuela Demo',
      'NIF: B23456789',
      'C/ Corredera 12, 23700 Linares, Jaén',
      'Sucursal: Autoescuela Linares',
    ]);
    expect(within(sheet).getByTestId('request-reference')).toHaveTextContent('Referencia: EX-2026-0007');
    const exam = within(sheet).getByTestId('request-exam');
    expect([...exam.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual([
      'Prueba: Teórico',
      'Permiso: B',
      'Centro de examen: Jefatura Provincial de Jaén',
      'Fecha del examen: 03/12/2026',
    ]);
    const table = within(sheet).getByRole('table', { name: 'Alumnos que se presentan' });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['N.º', 'Nombre', 'DNI/NIE', 'N.º de registro', 'Tasa', 'N.º justificante']);
    expect(within(table).getAllByTestId('request-student')).toHaveLength(2);
    expect(within(sheet).getByTestId('request-count')).toHaveTextContent('2 alumnos');
    expect(within(sheet).getByTestId('request-place-date')).toHaveTextContent('En Linares, a 25 de noviembre de 2026');
    expect(within(sheet).getByText('Firma y sello de la autoescuela')).toBeInTheDocument();
    expect(api.calls('GET business/read')).toHaveLength(1);
    // the detail, and the chooser's two lists
    expect(api.calls('GET dgt/folder/read').map(query)).toContainEqual({ id: '8' });
  });

  it('above the sheet, not printed: "Imprimir" (the browser\'s dialog), the link back to the folder, and who lacks a fee receipt number', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const api = requestHost();
    renderModule(`${REQUEST}?folder=8`, api);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    const tools = screen.getByTestId('request-tools');
    const missing = within(tools).getByTestId('request-missing');
    expect(missing).toHaveTextContent('Falta el n.º de justificante de la tasa de 1 alumno:');
    expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Contacto n.º 14']);
    expect(within(tools).getByRole('link', { name: 'Volver a la carpeta' })).toHaveAttribute('href', '/dgt/folder/view/8');

    fireEvent.click(within(tools).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);

    // only the sheet prints: it is the kit's printable part, the chooser and the tools are not, nor in it
    expect(sheet).toHaveClass('vk-printable');
    expect(tools).toHaveClass('dgt-no-print');
    expect(screen.getByTestId('request-chooser')).toHaveClass('dgt-no-print');
    expect(sheet).not.toContainElement(tools);
    expect(sheet).not.toContainElement(screen.getByRole('combobox', { name: 'Carpeta' }));
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(1);
  });

  it('every receipt there: no warning; an undated exam without centre; a closed folder named by the address stays offered', async () => {
    const closed = folder({
      id: 7,
      reference: 'EX-2026-0003',
      name: 'Teórico B octubre',
      exam_centre: '',
      exam_date: null,
      status: 'closed',
      branch_name: null,
      students: [folderStudent(), folderStudent({ id: 53, contact_id: 15, name: 'Marta Gómez Sanz', document: '00000023T', entry_number: 40, tax_number: 'ABC-1' })],
    });
    const api = requestHost(closed);
    renderModule(`${REQUEST}?folder=7`, api);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    expect(within(sheet).getByTestId('request-exam-date')).toHaveTextContent('Sin fecha');
    expect(within(sheet).getByText('Centro de examen').nextElementSibling).toHaveTextContent('—');
    expect(within(sheet).getAllByTestId('request-student').map(cells)).toEqual([
      ['1', 'Lucía García Pérez', '12345678Z', '37', '2.1 Examen permiso B', '9871234567'],
      ['2', 'Marta Gómez Sanz', '00000023T', '40', '2.1 Examen permiso B', 'ABC-1'],
    ]);
    expect(within(sheet).queryByText('Falta')).not.toBeInTheDocument();
    expect(screen.queryByTestId('request-missing')).not.toBeInTheDocument();
    await waitFor(() => expect(within(sheet).getByTestId('request-school')).toHaveTextContent('NIF: B23456789'));
    expect(within(sheet).getByTestId('request-school')).not.toHaveTextContent('Sucursal');
    const chooser = await screen.findByRole('combobox', { name: 'Carpeta' });
    await waitFor(() => expect(chooser).toHaveValue('7'));
    expect(options(chooser)[0]).toBe('EX-2026-0003 · Teórico B octubre · Sin fecha');
    expect(options(chooser)).toHaveLength(4);
  });

  it('without the business\'s data, the session\'s names head it (no NIF), and the place is left to be written', async () => {
    const api = requestHost(folder(), { 'GET business/read': readError('NOT-FOUND-000', 'No existe la empresa') });
    renderModule(`${REQUEST}?folder=8`, api);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    await waitFor(() => expect(api.calls('GET business/read')).toHaveLength(1));
    const school = within(sheet).getByTestId('request-school');
    expect([...school.children].map((c) => c.textContent)).toEqual(['Autoescuela Demo SL', 'Autoescuela Demo', 'Sucursal: Autoescuela Linares']);
    expect(within(sheet).getByTestId('request-place-date')).toHaveTextContent(/^En _+, a 25 de noviembre de 2026$/);
  });

  it('an address naming no folder, or one the host cannot find, says so; the chooser stays', async () => {
    const api = requestHost();
    renderModule(`${REQUEST}?folder=abc`, api);
    expect(await screen.findByText('No se ha encontrado la carpeta')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Carpeta' })).toHaveValue('');
    expect(api.calls('GET dgt/folder/read').map(query).some((q) => 'id' in q)).toBe(false);
    expect(screen.queryByTestId('request-sheet')).not.toBeInTheDocument();
  });

  it('a folder the host does not find shows its message', async () => {
    const api = requestHost();
    renderModule(`${REQUEST}?folder=99`, api);
    expect(await screen.findByText('No existe la carpeta')).toBeInTheDocument();
    expect(screen.queryByTestId('request-sheet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });

  it('a folder without students says so, and warns of nothing', async () => {
    const api = requestHost(folder({ students: [], results: { pending: 0, pass: 0, fail: 0, absent: 0 } }));
    renderModule(`${REQUEST}?folder=8`, api);
    const sheet = await screen.findByRole('article', { name: 'Solicitud de pruebas de aptitud' });
    expect(within(sheet).getByTestId('request-no-students')).toHaveTextContent('La carpeta no tiene alumnos.');
    expect(within(sheet).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('request-missing')).not.toBeInTheDocument();
  });
});

describe('the print styles', () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../dgt.css'), 'utf8');

  it("reach only the module's own classes: the sheet alone is the kit's rule (vk-printable), not another copy of it", () => {
    const selectors = printSelectors(css);
    expect(selectors.length).toBeGreaterThan(3);
    expect(selectors.filter((s) => !s.startsWith('.dgt-'))).toEqual([]);
    expect(selectors).toContain('.dgt-request');
    expect(selectors).toContain('.dgt-no-print');
    expect(css).not.toContain('body:has(');
  });
});
