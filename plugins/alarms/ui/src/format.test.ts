import { describe, expect, it } from 'vitest';
import { formatMoment, isoDate, linkOf, sortedIds, today } from './format';
import { alarmBody, alarmDraft, alarmFields, alarmProblems, createBody } from './components/AlarmForm';
import { staffOptions } from './people';
import { alarm, staff } from './test/fixtures';

describe('formatting', () => {
  it('a moment is DD/MM/YYYY - HH:mm in Madrid (winter and summer time)', () => {
    expect(formatMoment('2026-12-15T08:30:00.000Z')).toBe('15/12/2026 - 09:30');
    expect(formatMoment('2026-07-01T22:05:00Z')).toBe('02/07/2026 - 00:05');
    expect(formatMoment(null)).toBe('');
    expect(formatMoment('nope')).toBe('');
  });

  it("today is Madrid's", () => {
    expect(today(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(today(new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01');
  });

  it('dates, links and people as the screens use them', () => {
    expect(isoDate('15/12/2026')).toBe('2026-12-15');
    expect(isoDate('2026-12-15')).toBe('2026-12-15');
    expect(linkOf('/vehicle/view/3')).toBe('/vehicle/view/3');
    expect([linkOf(''), linkOf(null), linkOf('https://example.com')]).toEqual([null, null, null]);
    expect(sortedIds([8, 2, 8, 7])).toEqual([2, 7, 8]);
  });

  it('the people offered: the staff, then those named who are not among them', () => {
    expect(staffOptions(staff, [{ user_id: 7, name: 'Ana' }, { user_id: 9, name: null }], (id) => `Usuario ${id}`).map((o) => o.label)).toEqual([
      'Ana García',
      'Dolores Directora Demo',
      'Luis Pérez',
      'Usuario 9',
    ]);
    expect(staffOptions(null, [{ user_id: 9, name: 'Marta' }], String)).toEqual([{ value: '9', label: 'Marta' }]);
  });
});

describe('the alarm form', () => {
  it('a record becomes a draft and back: unchanged, nothing differs', () => {
    const record = alarm({ user_ids: [7, 2], link: null, date: '15/12/2026' });
    const draft = alarmDraft(record, '2026-12-01');
    expect(draft).toMatchObject({ group_id: '3', user_ids: ['2', '7'], link: '', date: '2026-12-15' });
    expect(alarmBody(draft)).toEqual(alarmFields(record));
  });

  it('a create leaves out no group and no link; an empty title sends nothing', () => {
    const body = alarmBody({ ...alarmDraft(null, '2026-12-01'), title: ' Hola ', time: '10:00', user_ids: ['8', '2', '8'] })!;
    expect(createBody(body)).toEqual({ title: 'Hola', description: '', date: '2026-12-01', time: '10:00', repeat: 'none', user_ids: [2, 8], send_mail: false });
    expect(alarmBody(alarmDraft(null, '2026-12-01'))).toBeNull();
  });

  it('refuses what the host would: lengths, date and time, a link not starting with /, more than 100 people', () => {
    const ok = { ...alarmDraft(null, '2026-12-01'), title: 'x', time: '10:00' };
    expect(alarmProblems(ok)).toEqual({});
    // 150 characters (accented ones count once) is fine
    expect(alarmProblems({ ...ok, title: 'á'.repeat(150), description: 'é'.repeat(2000), link: `/${'a'.repeat(299)}` })).toEqual({});
    expect(alarmProblems({ ...ok, title: 'á'.repeat(151), description: 'é'.repeat(2001), date: '', time: '', link: 'vehicle' })).toEqual({
      title: { problem: 'maxLength', count: 150 },
      description: { problem: 'maxLength', count: 2000 },
      date: { problem: 'required' },
      time: { problem: 'required' },
      link: { problem: 'linkSlash' },
    });
    expect(alarmProblems({ ...ok, link: `/${'a'.repeat(300)}` })).toEqual({ link: { problem: 'maxLength', count: 300 } });
    expect(alarmProblems({ ...ok, user_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) })).toEqual({ user_ids: { problem: 'tooManyPeople', count: 100 } });
  });
});
