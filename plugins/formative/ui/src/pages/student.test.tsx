import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { anonymousApi, renderModule } from '../test/render';
import { body, lesson, query, studentView } from '../test/fixtures';

/** Lucía's link: her course and lesson 312 (the others answered as 312 with their id). */
function studentHost(routes: Record<string, unknown> = {}) {
  return anonymousApi({
    'GET formative/student/read': envelopeOk(studentView()),
    'GET formative/student/lesson': (req: MockRequest) => envelopeOk(lesson({ id: Number(req.query.get('id')) })),
    ...(routes as Record<string, object>),
  });
}

const outline = () => screen.getByTestId('student-outline');

describe('the student\'s page of a link', () => {
  it('opens without a session: the course, the days of access, the progress and the outline with each lesson marked', async () => {
    const api = studentHost();
    renderModule('/formacion/ref-lucia', api);
    expect(await screen.findByTestId('course-name')).toHaveTextContent('Teórico permiso B');
    expect(screen.getByTestId('course-hello')).toHaveTextContent('Hola, Lucía Pérez Gómez.');
    expect(screen.getByTestId('course-facts')).toHaveTextContent('Categoría: B40 horasAcceso: 01/12/2026 – 28/02/2027');
    expect(screen.getByRole('progressbar', { name: 'Su progreso' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('course-progress')).toHaveTextContent('25 %1 de 4 lecciones hechas');
    expect(screen.getByTestId('course-share')).toHaveTextContent('Su acceso incluye 3 de las 4 lecciones.');
    expect(within(outline()).getAllByTestId('student-lesson').map((li) => [li.getAttribute('data-mark'), li.textContent])).toEqual([
      ['done', '1La vía públicaHecha'],
      ['open', '2Los usuariosPendiente'],
      ['open', '3Límites de velocidadPendiente'],
      ['closed', '4De peligroNo incluida'],
    ]);
    // a lesson not included cannot be opened
    expect(within(outline()).queryByRole('button', { name: /De peligro/ })).toBeNull();
    expect(screen.getByTestId('continue')).toHaveTextContent('Siguiente lección por hacer: Los usuarios.');
    const [read] = api.calls('GET formative/student/read');
    expect(query(read)).toEqual({ reference: 'ref-lucia' });
    expect(read.headers.authorization).toBeUndefined();
    expect(api.calls('GET formative/student/lesson')).toHaveLength(0);
  });

  it('says so once every lesson of the access is done', async () => {
    const done = studentView({ done: 3, progress: 75 });
    for (const lesson of done.syllabi.flatMap((s) => s.themes.flatMap((t) => t.lessons))) lesson.done = lesson.open;
    renderModule('/formacion/ref-lucia', studentHost({ 'GET formative/student/read': envelopeOk(done) }));
    expect(await screen.findByTestId('continue')).toHaveTextContent('Ha hecho todas las lecciones de su acceso.');
    expect(screen.getByRole('progressbar', { name: 'Su progreso' })).toHaveAttribute('aria-valuenow', '75');
  });

  it('opens a lesson: its sections as plain text, its sheets to download and its videos, read with the link', async () => {
    const api = studentHost();
    renderModule('/formacion/ref-lucia', api);
    fireEvent.click(await within(await screen.findByTestId('student-outline')).findByRole('button', { name: 'Lección 2: Los usuarios (Pendiente)' }));
    const shown = await screen.findByTestId('lesson');
    expect(await within(shown).findByTestId('lesson-title')).toHaveTextContent('Los usuarios');
    expect(screen.getByTestId('query')).toHaveTextContent('?leccion=312');
    expect(query(api.calls('GET formative/student/lesson')[0])).toEqual({ reference: 'ref-lucia', id: '312' });
    expect(within(shown).getByTestId('lesson-trail')).toHaveTextContent('Permiso B · Normas generales');
    const sections = within(shown).getAllByTestId('lesson-section');
    expect(sections[0].querySelector('p')?.textContent).toBe('Los peatones circulan por la acera.\nSi no la hay, por el arcén.');
    // the text is never read as HTML
    expect(sections[1].querySelector('b')).toBeNull();
    expect(sections[1]).toHaveTextContent('<b>No</b> es HTML: se lee tal cual.');

    const sheets = within(shown).getAllByTestId('lesson-sheet');
    expect(within(sheets[0]).getByRole('link', { name: 'Descargar Ficha de peatones' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=901&link=ref-lucia&download=1');
    expect(sheets[0]).toHaveTextContent('Para repasar · 2 KB');
    expect(within(sheets[1]).getByRole('img', { name: 'Esquema' })).toHaveAttribute('src', '/api/filesystem/file/read?file_id=902&link=ref-lucia');
    expect(within(shown).getByTestId('lesson-video').querySelector('video')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=903&link=ref-lucia');
  });

  it('"Marcar como hecha" and "Desmarcar" send the lesson and show the new progress; "Siguiente" and "Anterior" move, not to a lesson not included', async () => {
    const api = studentHost({
      'POST formative/student/done': (req: MockRequest) =>
        envelopeOk(body(req).done ? studentView({ done: 2, progress: 50 }) : studentView()),
      'GET formative/student/lesson': (req: MockRequest) =>
        envelopeOk(req.query.get('id') === '321' ? lesson({ id: 321, title: 'Límites de velocidad', theme: 'Velocidad', previous: 312, next: 411 }) : lesson()),
    });
    renderModule('/formacion/ref-lucia?leccion=312', api);
    const shown = await screen.findByTestId('lesson');
    fireEvent.click(await within(shown).findByRole('button', { name: 'Marcar como hecha' }));
    expect(await within(shown).findByRole('button', { name: 'Desmarcar' })).toBeInTheDocument();
    expect(within(shown).getByTestId('lesson-done')).toHaveTextContent('Hecha');
    await waitFor(() => expect(screen.getByTestId('course-progress')).toHaveTextContent('50 %2 de 4 lecciones hechas'));
    fireEvent.click(within(shown).getByRole('button', { name: 'Desmarcar' }));
    expect(await within(shown).findByRole('button', { name: 'Marcar como hecha' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('course-progress')).toHaveTextContent('25 %1 de 4 lecciones hechas'));
    expect(api.calls('POST formative/student/done').map(body)).toEqual([
      { reference: 'ref-lucia', id: 312, done: true },
      { reference: 'ref-lucia', id: 312, done: false },
    ]);
    expect(api.calls('POST formative/student/done')[0].headers.authorization).toBeUndefined();

    fireEvent.click(within(shown).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('?leccion=321'));
    const next = await screen.findByTestId('lesson');
    expect(await within(next).findByTestId('lesson-title')).toHaveTextContent('Límites de velocidad');
    // lesson 411 is not included in her access
    expect(within(next).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    fireEvent.click(within(next).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('?leccion=312'));
    fireEvent.click(within(await screen.findByTestId('lesson')).getByRole('button', { name: 'Volver al índice' }));
    await waitFor(() => expect(screen.getByTestId('query').textContent).toBe(''));
    expect(screen.queryByTestId('lesson')).toBeNull();
  });

  it('a lesson refused (not included) says why in its place; a refused mark too', async () => {
    const api = studentHost({
      'GET formative/student/lesson': readError('CONFLICT-000', 'Esta lección no está incluida en su acceso'),
    });
    renderModule('/formacion/ref-lucia?leccion=411', api);
    expect(await screen.findByTestId('lesson-refused')).toHaveTextContent('Esta lección no está incluida en su acceso');
    // the course stays
    expect(screen.getByTestId('course-name')).toHaveTextContent('Teórico permiso B');

    api.on('GET formative/student/lesson', envelopeOk(lesson()));
    api.on('POST formative/student/done', writeError('CONFLICT-000', 'Su acceso terminó el 30/11/2026'));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    fireEvent.click(await within(await screen.findByTestId('lesson')).findByRole('button', { name: 'Marcar como hecha' }));
    expect(await screen.findByTestId('mark-failed')).toHaveTextContent('Su acceso terminó el 30/11/2026');
  });

  it('an unknown link says "Este enlace no es válido", a revoked one "Este enlace ya no da acceso", an access not open the host\'s reason', async () => {
    const unknown = renderModule('/formacion/ref-nada', anonymousApi({ 'GET formative/student/read': readError('NOT-FOUND-000', 'No encontrado') }));
    expect(await screen.findByTestId('link-unknown')).toHaveTextContent('Este enlace no es válido');
    unknown.unmount();

    const revoked = renderModule('/formacion/ref-old', anonymousApi({ 'GET formative/student/read': readError('LINK-001', 'El enlace ya no es válido') }));
    expect(await screen.findByTestId('link-revoked')).toHaveTextContent('Este enlace ya no da acceso');
    revoked.unmount();

    const paused = renderModule('/formacion/ref-lucia', anonymousApi({ 'GET formative/student/read': readError('CONFLICT-000', 'Su acceso empieza el 01/12/2026') }));
    const closed = await screen.findByTestId('link-access');
    expect(closed).toHaveTextContent('Ahora no puede acceder al curso');
    expect(closed).toHaveTextContent('Su acceso empieza el 01/12/2026');
    paused.unmount();

    renderModule('/formacion/ref-lucia', anonymousApi({ 'GET formative/student/read': readError('REQ-100', 'Sin conexión') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('a link revoked while studying takes the course away', async () => {
    const api = studentHost();
    renderModule('/formacion/ref-lucia?leccion=312', api);
    const shown = await screen.findByTestId('lesson');
    api.on('POST formative/student/done', writeError('LINK-001', 'El enlace ya no es válido'));
    fireEvent.click(await within(shown).findByRole('button', { name: 'Marcar como hecha' }));
    expect(await screen.findByTestId('link-revoked')).toHaveTextContent('Este enlace ya no da acceso');
    expect(screen.queryByTestId('student-outline')).toBeNull();
  });
});
