import { describe, expect, it } from 'vitest';
import { addDays, byDay, dayHeading, hours, mondayOf, today, weekFrom } from './format';
import { eventBody, eventDraft, peopleErrors, reminderKey } from './components/EventForm';
import { taskBody, taskDraft } from './components/TaskForm';
import type { ScheduleEvent } from './api';
import { event } from './test/fixtures';

describe('days and weeks', () => {
  it("today is Madrid's; a week runs Monday to Sunday, across months and years", () => {
    expect(today(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(mondayOf('2026-12-01')).toBe('2026-11-30');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekFrom('2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(dayHeading('2026-12-01')).toBe('martes, 01/12/2026');
  });

  it('groups events by day, all-day ones first, then by start; hours show "start–end", the start, or none', () => {
    const e = (id: number, date: string, start_time: string | null) => ({ id, date, start_time });
    const days = byDay([e(1, '2026-12-02', '09:00'), e(2, '2026-12-01', '12:00'), e(3, '2026-12-01', null), e(4, '2026-12-01', '08:30')]);
    expect(days.map((d) => [d.date, d.events.map((x) => x.id)])).toEqual([
      ['2026-12-01', [3, 4, 2]],
      ['2026-12-02', [1]],
    ]);
    expect([hours({ start_time: '10:00', end_time: '11:30' }), hours({ start_time: '10:00', end_time: null }), hours({ start_time: null, end_time: null })]).toEqual(['10:00–11:30', '10:00', null]);
  });
});

describe('the bodies the forms send', () => {
  it("an event: trimmed; no hours is all day (null); an end needs a start and comes after it; people ascending without repeats", () => {
    const draft = { ...eventDraft(null, '2026-12-01'), title: ' Reunión ', place: ' Aula 1 ', user_ids: [8, 2, 8, 7] };
    expect(eventBody({ ...draft, title: ' ' })).toEqual({ field: 'title', problem: 'required' });
    expect(eventBody({ ...draft, date: '' })).toEqual({ field: 'date', problem: 'required' });
    expect(eventBody({ ...draft, end_time: '10:00' })).toEqual({ field: 'end_time', problem: 'endNeedsStart' });
    expect(eventBody({ ...draft, start_time: '10:00', end_time: '10:00' })).toEqual({ field: 'end_time', problem: 'endAfterStart' });
    expect(eventBody(draft)).toEqual({ body: { title: 'Reunión', date: '2026-12-01', start_time: null, end_time: null, place: 'Aula 1', description: '', user_ids: [2, 7, 8], reminder_minutes: null } });
  });

  it('an event\'s reminder: the select\'s text as minutes, none as null ("A la hora de empezar" is 0, not none)', () => {
    const draft = { ...eventDraft(null, '2026-12-01'), title: 'Reunión' };
    expect(draft.reminder_minutes).toBe('');
    const sent = (reminder_minutes: string) => {
      const result = eventBody({ ...draft, reminder_minutes });
      return 'body' in result ? result.body.reminder_minutes : undefined;
    };
    expect([sent(''), sent('0'), sent('30'), sent('2880')]).toEqual([null, 0, 30, 2880]);
    expect(eventDraft({ ...(event() as ScheduleEvent), reminder_minutes: 0 }, '2026-12-01').reminder_minutes).toBe('0');
    expect([reminderKey(null), reminderKey(0), reminderKey(1440), reminderKey(45)]).toEqual(['events.reminder.none', 'events.reminder.0', 'events.reminder.1440', 'events.reminder.minutes']);
  });

  it('the host\'s "user_ids[1]" goes to the people field, naming the person sent at that place', () => {
    const failure = [
      { code: 'REQ-102', data: { field: 'user_ids[1]' }, details: 'El usuario no es un usuario activo de la empresa' },
      { code: 'REQ-102', data: { field: 'date' }, details: 'La fecha no es válida' },
    ];
    expect(peopleErrors(failure, [2, 9], (id) => (id === 9 ? 'Pepe Baja' : 'Dolores'))).toEqual([
      { code: 'REQ-102', data: { field: 'user_ids' }, details: 'Pepe Baja: El usuario no es un usuario activo de la empresa' },
      failure[1],
    ]);
  });

  it("a task: a new one is the signed-in user's, normal priority; no owner is null, no due date null", () => {
    expect(taskDraft(null, 2)).toEqual({ title: '', due_date: '', priority: 'normal', assignee_user_id: '2', description: '' });
    expect(taskBody(taskDraft(null, 2))).toBeNull();
    expect(taskBody({ ...taskDraft(null, 2), title: ' Llamar ', assignee_user_id: '' })).toEqual({ title: 'Llamar', due_date: null, priority: 'normal', assignee_user_id: null, description: '' });
  });
});
