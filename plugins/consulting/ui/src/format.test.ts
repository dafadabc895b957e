import { describe, expect, it } from 'vitest';
import { formatEuros } from '@volante/plugin-ui';
import { courseCodes, dateRange, withOption, workerName } from './format';
import { bodyOf, draftOf, problemsOf, type FieldSpec } from './components/RecordForm';
import { listPath, viewPath, viewRoute } from './paths';

describe('what the lists show', () => {
  it("a worker's name, a course's days and numbers", () => {
    expect(workerName({ first_name: 'Ana', last_name: 'López García' })).toBe('Ana López García');
    expect(workerName({ first_name: '', last_name: 'López' })).toBe('López');
    expect(dateRange('2026-03-02', '2026-03-06')).toBe('02/03/2026 – 06/03/2026');
    expect(dateRange('2026-03-02', null)).toBe('02/03/2026 –');
    expect(dateRange(null, '2026-03-06')).toBe('– 06/03/2026');
    expect(dateRange(null, undefined)).toBe('');
    expect(courseCodes('12', '3')).toBe('12 / 3');
    expect(courseCodes('12', '')).toBe('12');
    expect(courseCodes(' ', '3')).toBe('3');
    expect(courseCodes(null, null)).toBe('');
  });

  it('amounts in euros the Spanish way, from cents (the kit\'s es-ES format)', () => {
    expect(formatEuros(123456)).toBe('1234,56\u00a0€');
    expect(formatEuros(1234567)).toBe('12.345,67\u00a0€');
    expect(formatEuros(-5000)).toBe('-50,00\u00a0€');
  });

  it("a select keeps the record's own choice when the list does not hold it", () => {
    const options = [{ value: '3', label: 'Transportes Ebro SL' }];
    expect(withOption(options, 3, 'Otra')).toBe(options);
    expect(withOption(options, 9, 'Hostal Pilar SL')).toEqual([...options, { value: '9', label: 'Hostal Pilar SL' }]);
    expect(withOption(options, 9, null)).toEqual([...options, { value: '9', label: '9' }]);
    expect(withOption(options, null, null)).toBe(options);
  });

  it('the routes, as the manifest declares them', () => {
    expect(listPath('centros')).toBe('/facilauto/consulting/centros');
    expect(viewPath('trabajadores', 21)).toBe('/facilauto/consulting/trabajadores/view/21');
    expect(viewRoute('cursos')).toBe('/facilauto/consulting/cursos/view/:curso_id');
  });
});

const specs: FieldSpec[] = [
  { field: 'name', kind: 'text', required: true },
  { field: 'birth_date', kind: 'date' },
  { field: 'hours', kind: 'integer', min: 1, max: 2000 },
  { field: 'cost', kind: 'money' },
  { field: 'company_id', kind: 'select', numeric: true, options: [], empty: 'Sin empresa' },
  { field: 'modality', kind: 'select', options: [], initial: 'in_person' },
  { field: 'gender', kind: 'select', options: [], empty: 'Sin indicar' },
  { field: 'disability', kind: 'check' },
  { field: 'notes', kind: 'notes' },
];

describe("a record's form", () => {
  it('holds a new record with the initial choices, and a stored one as its inputs show it', () => {
    expect(draftOf(specs, null)).toEqual({ name: '', birth_date: '', hours: '', cost: '', company_id: '', modality: 'in_person', gender: '', disability: false, notes: '' });
    const stored = { name: 'Carretillas', birth_date: '1990-05-14', hours: 20, cost: 123456, company_id: 3, modality: 'online', gender: null, disability: true, notes: 'Turno de tarde' };
    expect(draftOf(specs, stored)).toEqual({ name: 'Carretillas', birth_date: '1990-05-14', hours: '20', cost: '1234,56', company_id: '3', modality: 'online', gender: '', disability: true, notes: 'Turno de tarde' });
  });

  it('sends every field typed: text trimmed, empty dates, numbers, amounts and choices as null, amounts in cents', () => {
    expect(bodyOf(specs, { name: ' Carretillas ', birth_date: '', hours: ' 20 ', cost: '1.234,56', company_id: '3', modality: 'online', gender: '', disability: true, notes: ' x ' })).toEqual({
      name: 'Carretillas',
      birth_date: null,
      hours: 20,
      cost: 123456,
      company_id: 3,
      modality: 'online',
      gender: null,
      disability: true,
      notes: 'x',
    });
    expect(bodyOf(specs, draftOf(specs, null))).toEqual({ name: '', birth_date: null, hours: null, cost: null, company_id: null, modality: 'in_person', gender: null, disability: false, notes: '' });
  });

  it('refuses a missing required text, a number that is not whole or out of range, and an amount that is not one', () => {
    const draft = draftOf(specs, null);
    expect(problemsOf(specs, draft)).toEqual({ name: { problem: 'required' } });
    expect(problemsOf(specs, { ...draft, name: 'x', hours: '2,5', cost: '12,345' })).toEqual({ hours: { problem: 'integer' }, cost: { problem: 'amount' } });
    expect(problemsOf(specs, { ...draft, name: 'x', hours: '0' })).toEqual({ hours: { problem: 'minimum', min: 1 } });
    expect(problemsOf(specs, { ...draft, name: 'x', hours: '2001', cost: '12,5' })).toEqual({ hours: { problem: 'maximum', max: 2000 } });
  });
});
