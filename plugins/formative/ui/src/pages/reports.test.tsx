import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { assignment, blocks, contentRows, page, query } from '../test/fixtures';

/** Who reached 90 %: Lucía (content 5) and Marcos (content 6). */
const reached = () => [
  assignment({ progress: 100, done: 4, reached_90_at: '2027-01-15T23:30:00.000Z', hours: 40 }),
  assignment({ id: 104, content_id: 6, content_name: 'CAP continua', name: 'Marcos Gil', email: '', progress: 90, done: 9, total: 10, reached_90_at: '2027-01-10T09:00:00.000Z', hours: 35 }),
];

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('the students at 90 %', () => {
  it('lists student, content, hours, the day (in Spain) 90 % was reached and the progress; filters by content, days and search', async () => {
    const api = mockApi({ 'GET formative/content/choices': envelopeOk(contentRows()), 'GET formative/report/90': page(reached()) });
    renderModule('/report/formative/90/list', api);
    const table = await screen.findByRole('table', { name: 'Alumnos que han llegado al 90 %' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Alumno', 'Contenido', 'Horas', 'Llegó al 90 %', 'Progreso']);
    const names = await within(table).findAllByTestId('report-name');
    // 23:30 UTC on the 15th is already the 16th in Madrid
    expect(names.map((n) => cells(n.closest('tr')!))).toEqual([
      ['Lucía Pérez Gómezlucia@example.com', 'Teórico permiso B', '40 horas', '16/01/2027', '100 %4 de 4 lecciones'],
      ['Marcos Gil', 'CAP continua', '35 horas', '10/01/2027', '90 %9 de 10 lecciones'],
    ]);
    expect(api.calls('GET formative/report/90').map(query)).toEqual([{ page: '1', per_page: '25' }]);

    const content = screen.getByRole('combobox', { name: 'Contenido' });
    await waitFor(() => expect(within(content).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los contenidos', 'Teórico permiso B (B)', 'CAP continua (CAP)', 'Repaso de señales']));
    expect(api.calls('GET formative/content/choices')).toHaveLength(1);
    fireEvent.change(content, { target: { value: '5' } });
    await waitFor(() => expect(api.calls('GET formative/report/90').map(query).at(-1)).toEqual({ content_id: '5', page: '1', per_page: '25' }));
    fireEvent.change(screen.getByLabelText('Llegaron al 90 % desde el día'), { target: { value: '2027-01-01' } });
    fireEvent.change(screen.getByLabelText('Llegaron al 90 % hasta el día'), { target: { value: '2027-01-31' } });
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'lucia' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(api.calls('GET formative/report/90').map(query).at(-1)).toEqual({ content_id: '5', from: '2027-01-01', to: '2027-01-31', search: 'lucia', page: '1', per_page: '25' }));
  });

  it("says when the contents cannot be read, and shows the host's refusal of the report", async () => {
    const api = mockApi({
      'GET formative/content/choices': readError('PERMISSION-000', 'No tiene permiso'),
      'GET formative/report/90': readError('SERVICE-000', 'El servicio de contenidos formativos no está activo'),
    });
    renderModule('/report/formative/90/list', api);
    expect(await screen.findByTestId('contents-failed')).toHaveTextContent('No se han podido leer los contenidos: No tiene permiso');
    const list = screen.getByRole('table', { name: 'Alumnos que han llegado al 90 %' }).closest('section')!;
    expect(await within(list).findByRole('alert')).toHaveTextContent('El servicio de contenidos formativos no está activo');
    expect(within(list).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('the progress by blocks', () => {
  it('asks for a content, then shows each block in order with the totals', async () => {
    const api = mockApi({ 'GET formative/content/choices': envelopeOk(contentRows()), 'GET formative/report/blocks': envelopeOk(blocks()) });
    renderModule('/report/formative/blocks/list', api);
    expect(await screen.findByTestId('blocks-choose')).toHaveTextContent('Elija un contenido para ver el avance de sus alumnos.');
    expect(api.calls('GET formative/report/blocks')).toHaveLength(0);
    const content = screen.getByRole('combobox', { name: 'Contenido' });
    await waitFor(() => expect(within(content).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(content, { target: { value: '5' } });
    const table = await screen.findByRole('table', { name: 'Avance por bloques' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Temario', 'Bloque', 'Lecciones', 'Empezado', 'Completado', 'Media hecha']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Permiso B', 'Normas generales', '2', '10', '6', '62,5 %'],
      ['Permiso B', 'Velocidad', '1', '4', '4', '33,3 %'],
      ['Señales', 'Señales verticales', '1', '0', '0', '0 %'],
      // the average of the whole content: each block's weighted by its lessons
      ['Total', '3 bloques', '4', '—', '—', '39,6 %'],
    ]);
    expect(screen.getByTestId('blocks-totals')).toHaveTextContent('12 alumnos4 leccionesMedia del contenido: 39,6 %');
    expect(api.calls('GET formative/report/blocks').map(query)).toEqual([{ content_id: '5' }]);
  });

  it("shows the host's refusal with a retry, and a content without blocks", async () => {
    const api = mockApi({ 'GET formative/content/choices': envelopeOk(contentRows()), 'GET formative/report/blocks': readError('CONFLICT-000', 'El módulo de temarios no está activo') });
    renderModule('/report/formative/blocks/list', api);
    const content = screen.getByRole('combobox', { name: 'Contenido' });
    await waitFor(() => expect(within(content).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(content, { target: { value: '6' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('El módulo de temarios no está activo');
    api.on('GET formative/report/blocks', envelopeOk({ blocks: [], students: 0, lessons: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('El contenido no tiene bloques')).toBeInTheDocument();
    expect(screen.getByTestId('blocks-totals')).toHaveTextContent('0 alumnos0 lecciones');
  });
});
