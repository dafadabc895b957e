import { describe, expect, it } from 'vitest';
import { blockName, clock, countOf, decimal, isEmail, isPin, letter, moved, parseWhole, percent, personName, renewalOf, repetitionsOf, shorten, today } from './format';
import { questionBody, questionDraft } from './components/QuestionForm';
import { testBody, testDraft } from './components/TestForm';
import { enrolBody } from './components/EnrolForm';
import { studentBody, studentDraft } from './components/StudentForm';
import { PERMIT_A_FAMILY, itemsOf, type Student, type TestDetail } from './api';
import { bankPath, doubtPath, editorPath, idParam, onlinePath, studentPath, takePath } from './paths';
import { question, student, testDetail } from './test/fixtures';

describe('what the screens show', () => {
  it("today in Spain, a person's name, counts and block names", () => {
    // 23:30 UTC on 31 May is already 1 June in Madrid
    expect(today(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    expect(personName({ first_name: 'Ana', last_name: 'López García' })).toBe('Ana López García');
    expect(personName({ first_name: ' Ana ', last_name: null })).toBe('Ana');
    expect(countOf(3)).toBe(3);
    expect(countOf([1, 2])).toBe(2);
    expect(countOf(null)).toBe(0);
    expect(blockName('Señales')).toBe('Señales');
    expect(blockName({ id: 1, name: 'Velocidad', licence: 'B' })).toBe('Velocidad');
    expect(blockName(null)).toBe('');
  });

  it('clocks, rates and means the Spanish way; answers lettered', () => {
    expect(clock(1800)).toBe('30:00');
    expect(clock(65)).toBe('01:05');
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(-4)).toBe('00:00');
    expect(percent(83.33)).toBe('83\u00a0%');
    expect(percent(null)).toBe('');
    expect(decimal(1.5)).toBe('1,5');
    expect(decimal(2)).toBe('2');
    expect(decimal(undefined)).toBe('');
    expect([0, 1, 2, 3].map(letter)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('texts shortened for a list; PINs of six digits', () => {
    expect(shorten('  ¿Por qué\n la b?  ', 20)).toBe('¿Por qué la b?');
    expect(shorten('abcdefghij', 6)).toBe('abcde…');
    expect(shorten('abc de fgh', 7)).toBe('abc de…');
    expect(shorten(null, 5)).toBe('');
    expect(isPin(' 123456 ')).toBe(true);
    expect(isPin('12345')).toBe(false);
    expect(isPin('12345a')).toBe(false);
  });

  it('whole numbers typed, renewals and moves', () => {
    expect(parseWhole(' 12 ')).toBe(12);
    expect(parseWhole('1,5')).toBeNull();
    expect(renewalOf({ by: 'months', months: '6', expires_on: '2026-12-31' })).toEqual({ months: 6 });
    expect(renewalOf({ by: 'date', months: '6', expires_on: '2026-12-31' })).toEqual({ expires_on: '2026-12-31' });
    expect(renewalOf({ by: 'date', months: '6', expires_on: '' })).toBeNull();
    // an enrolment's repetitions: empty is no limit (null), a whole number, or not one (undefined)
    expect(repetitionsOf('')).toBeNull();
    expect(repetitionsOf('  ')).toBeNull();
    expect(repetitionsOf(' 3 ')).toBe(3);
    expect(repetitionsOf('0')).toBe(0);
    expect(repetitionsOf('-1')).toBeUndefined();
    expect(repetitionsOf('1,5')).toBeUndefined();
    expect(repetitionsOf('dos')).toBeUndefined();
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(itemsOf([1])).toEqual([1]);
    expect(itemsOf({ items: [2], total: 1, page: 1, per_page: 25 })).toEqual([2]);
    expect(PERMIT_A_FAMILY).toEqual(['AM', 'A1', 'A2', 'A']);
  });

  it('the routes, as the manifest declares them', () => {
    expect(bankPath()).toBe('/test/edicion/list');
    expect(bankPath('B')).toBe('/test/edicion/list');
    expect(bankPath('C1')).toBe('/test/edicion/list?licence=C1');
    expect(editorPath(0, 0, 0, 'A2')).toBe('/test/edicion/view/0/0/0?licence=A2');
    expect(editorPath(202, 101, 1, 'B')).toBe('/test/edicion/view/202/101/1');
    expect(studentPath(21)).toBe('/valkiria/alumno/21');
    expect(takePath(202, 21)).toBe('/valkiria/test/202/alumno/21');
    expect(doubtPath(701)).toBe('/dudas/view/701');
    expect(onlinePath('lnk_ana_9f2c7d')).toBe('/test/online/lnk_ana_9f2c7d');
    expect(onlinePath('lnk_ana_9f2c7d', 202)).toBe('/test/online/lnk_ana_9f2c7d?test=202');
    expect(idParam('12')).toBe(12);
    expect(idParam('x')).toBe(-1);
    expect(idParam(undefined)).toBe(-1);
  });
});

describe('what the forms send', () => {
  it('a question: texts trimmed; a new one starts with two empty answers and none marked', () => {
    expect(questionDraft(null, 12)).toEqual({ block_id: '12', reference: '', statement: '', answers: ['', ''], correct: -1, explanation: '' });
    const draft = { ...questionDraft(question()), statement: ' ¿Qué? ', answers: [' Sí ', 'No'], correct: 1 };
    expect(questionBody(draft)).toEqual({ block_id: 11, reference: 'P-101', statement: '¿Qué?', answers: ['Sí', 'No'], correct: 1, explanation: 'Las señales de peligro son triangulares.' });
    expect(questionBody({ ...draft, statement: '  ' })).toBeNull();
  });

  it('a test: the block only for a block test, the questions in order, no end as null', () => {
    const draft = testDraft(testDetail() as unknown as TestDetail, 'B');
    expect(testBody(draft)).toEqual({ licence: 'B', name: 'Examen B 1', kind: 'exam', block_id: null, question_ids: [101, 103], max_errors: 1, minutes: 30, expires_on: null });
    expect(testBody({ ...draft, kind: 'block', block_id: '11', questions: [draft.questions[0]], expires_on: '2026-12-31' })).toMatchObject({ kind: 'block', block_id: 11, question_ids: [101], expires_on: '2026-12-31' });
    expect(testDraft(null, 'A2')).toMatchObject({ licence: 'A2', kind: 'exam', max_errors: '3', minutes: '30', questions: [] });
  });

  it('an enrolment: a new student (DNI upper case) or the one shown; the end only when typed', () => {
    const draft = { dni: ' 12345678z ', first_name: ' Ana ', last_name: 'López', email: '', phone: '', licence: 'B', expires_on: '' };
    expect(enrolBody(draft)).toEqual({ dni: '12345678Z', first_name: 'Ana', last_name: 'López', email: '', phone: '', licence: 'B' });
    expect(enrolBody({ ...draft, dni: '' })).toBeNull();
    expect(enrolBody({ ...draft, licence: 'A2', expires_on: '2026-12-31' }, 21)).toEqual({ student_id: 21, licence: 'A2', expires_on: '2026-12-31' });
  });

  it("a student's data: from the student ('' for none), trimmed, the DNI upper case; null without a DNI", () => {
    expect(studentDraft(student({ phone: null }) as unknown as Student)).toEqual({ dni: '12345678Z', first_name: 'Ana', last_name: 'López García', email: 'ana@example.com', phone: '' });
    const draft = { dni: ' x1234567l ', first_name: ' Ana ', last_name: ' López ', email: ' ana@example.com ', phone: ' 600 ' };
    expect(studentBody(draft)).toEqual({ dni: 'X1234567L', first_name: 'Ana', last_name: 'López', email: 'ana@example.com', phone: '600' });
    expect(studentBody({ ...draft, dni: ' ' })).toBeNull();
    expect(isEmail(' ana@example.com ')).toBe(true);
    expect(isEmail('ana@')).toBe(false);
  });
});
