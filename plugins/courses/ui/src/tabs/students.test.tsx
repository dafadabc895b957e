import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { ana, found, recovery } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent);

const finder = (req: MockRequest) =>
  envelopeOk(
    req.query.get('search') === 'lopez'
      ? [found(7, 'Ana López Ruiz', '12345678Z'), found(21, 'Carlos López Díaz', '00000023T')]
      : req.query.get('search') === 'marta'
        ? [found(22, 'Marta Gómez')]
        : [],
  );

function studentsHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET recuperacionpuntos/read': envelopeOk(recovery()), 'GET contact/finder': finder, ...routes });
}

async function search(text: string) {
  const box = within(screen.getByTestId('student-finder')).getByRole('searchbox', { name: 'Buscar' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('"Alumnos"', () => {
  it('lists the students: name, DNI, e-mail, phone and attended hours of the course\'s; a student without name by contact id', async () => {
    const course = recovery({ students: [ana, { ...ana, contact_id: 30, name: null, fiscal_code: null, email: null, phone: null, attended_hours: 0 }] });
    renderModule('/recuperacionpuntos/view/4?tab=students', mockApi({ 'GET recuperacionpuntos/read': envelopeOk(course) }));
    const table = await screen.findByRole('table', { name: 'Alumnos inscritos' });
    const rows = within(table).getAllByTestId('student-name').map((n) => n.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['Ana López Ruiz', '12345678Z', 'ana@example.es', '612345678', '4 de 12 h'],
      ['Contacto n.º 30', '', '', '', '0 de 12 h'],
    ]);
    expect(screen.getByTestId('students-places')).toHaveTextContent('Inscritos: 2 de 20 plazas');
  });

  it('finds contacts with contact/finder and enrols the chosen ones with contact/student/add; the maximum of students is shown', async () => {
    const api = studentsHost({ 'POST recuperacionpuntos/contact/student/add': writeError('REQ-102', 'El curso admite como máximo 20 alumnos') });
    renderModule('/recuperacionpuntos/view/4?tab=students', api);
    await screen.findByRole('table', { name: 'Alumnos inscritos' });
    const enrol = screen.getByRole('button', { name: 'Inscribir seleccionados' });
    expect(enrol).toBeDisabled();

    await search(' lopez ');
    const results = await screen.findByRole('list', { name: 'Contactos encontrados' });
    expect(api.calls('GET contact/finder').map((r) => r.query.get('search'))).toEqual(['lopez']);
    // Ana is enrolled already
    const anaBox = within(results).getByRole('checkbox', { name: /Ana López Ruiz/ });
    expect(anaBox).toBeChecked();
    expect(anaBox).toBeDisabled();
    fireEvent.click(within(results).getByRole('checkbox', { name: /Carlos López Díaz/ }));
    // the choice is kept across searches
    await search('marta');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Marta Gómez/ }));
    expect(screen.getByTestId('students-chosen')).toHaveTextContent('Carlos López Díaz');
    expect(screen.getByTestId('students-chosen')).toHaveTextContent('Marta Gómez');
    fireEvent.click(screen.getByRole('button', { name: 'Inscribir 2 alumnos' }));

    expect(await screen.findByTestId('students-add-errors')).toHaveTextContent('El curso admite como máximo 20 alumnos');
    expect(api.calls('POST recuperacionpuntos/contact/student/add')[0].body).toEqual({ course_id: 4, contact_ids: [21, 22] });
    // nothing changed: the choice stays to try again
    expect(screen.getByRole('button', { name: 'Inscribir 2 alumnos' })).toBeEnabled();

    const carlos = { ...ana, contact_id: 21, name: 'Carlos López Díaz', fiscal_code: '00000023T', attended_hours: 0 };
    api.on('POST recuperacionpuntos/contact/student/add', envelopeOk(recovery({ enrolled: 3, students: [...recovery().students, carlos] })));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar de la selección a Marta Gómez' }));
    fireEvent.click(screen.getByRole('button', { name: 'Inscribir 1 alumno' }));
    expect(await screen.findByText('1 alumno inscrito')).toBeInTheDocument();
    expect(api.calls('POST recuperacionpuntos/contact/student/add')[1].body).toEqual({ course_id: 4, contact_ids: [21] });
    await waitFor(() => expect(screen.getAllByTestId('student-name').map((n) => n.textContent)).toEqual(['Ana López Ruiz', 'Luis Pérez', 'Carlos López Díaz']));
    expect(screen.queryByTestId('students-add-errors')).not.toBeInTheDocument();
    expect(screen.getByTestId('students-places')).toHaveTextContent('Inscritos: 3 de 20 plazas');
    expect(screen.getByTestId('course-students')).toHaveTextContent('3 de 20');
  });

  it('removes a student after asking, with contact/student/remove', async () => {
    const api = studentsHost({ 'POST recuperacionpuntos/contact/student/remove': envelopeOk(recovery({ enrolled: 1, students: [ana] })) });
    renderModule('/recuperacionpuntos/view/4?tab=students', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar a Luis Pérez' }));
    // answering no sends nothing
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST recuperacionpuntos/contact/student/remove')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Luis Pérez' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quitar a Luis Pérez del curso? Se borrará también su asistencia.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/contact/student/remove').map((r) => r.body)).toEqual([{ course_id: 4, contact_ids: [8] }]));
    expect(await screen.findByText('Luis Pérez ya no está en el curso')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('student-name').map((n) => n.textContent)).toEqual(['Ana López Ruiz']));
  });
});
