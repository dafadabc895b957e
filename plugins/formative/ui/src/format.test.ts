import { describe, expect, it } from 'vitest';
import { blocksReport, linkFileUrl } from './api';
import { endsNotBefore, formatDay, formatPercent, isImage, moved, overallAverage, parseWhole, period, refusalText, temaryRefusal, withoutEmail } from './format';
import { blocks } from './test/fixtures';

describe('formats', () => {
  it('days as they come (no zone), spans, shares with a Spanish comma', () => {
    expect(formatDay('2026-12-01')).toBe('01/12/2026');
    expect(formatDay('2026-12-01T23:30:00Z')).toBe('01/12/2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('mañana')).toBe('mañana');
    expect(period('2026-12-01', '2027-02-28')).toBe('01/12/2026 – 28/02/2027');
    expect(period('', '2027-02-28')).toBe('28/02/2027');
    expect(formatPercent(62.5)).toBe('62,5 %');
    expect(formatPercent(100)).toBe('100 %');
    expect(formatPercent(33.333)).toBe('33,3 %');
    expect(formatPercent(undefined)).toBe('');
  });

  it('whole numbers typed, days in order, moving an item of a list', () => {
    expect(parseWhole(' 40 ')).toBe(40);
    expect(parseWhole('4.5')).toBeNull();
    expect(parseWhole('')).toBeNull();
    expect(endsNotBefore('2027-01-10', '2027-01-10')).toBe(true);
    expect(endsNotBefore('2027-01-10', '2027-01-09')).toBe(false);
    expect(endsNotBefore('', '2027-01-09')).toBe(true);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it("refusals: the host's text and reason; the temary module off or not permitted; the names without e-mail", () => {
    expect(refusalText({ code: 'PERMISSION-000', data: { reason: 'formative.content.assign' }, details: 'Sin permiso' })).toBe('Sin permiso: formative.content.assign');
    expect(refusalText({ code: 'REQ-100', data: null, details: '' })).toBe('REQ-100');
    expect(temaryRefusal({ code: 'SERVICE-000', data: null, details: '' })).toBe('off');
    expect(temaryRefusal([{ code: 'CONFLICT-000', data: null, details: 'El módulo de temarios no está activo' }])).toBe('off');
    expect(temaryRefusal({ code: 'PERMISSION-000', data: null, details: '' })).toBe('permission');
    expect(temaryRefusal({ code: 'REQ-100', data: null, details: '' })).toBeNull();
    expect(withoutEmail(['Pablo Ortega', ''])).toEqual(['Pablo Ortega']);
    expect(withoutEmail(2)).toEqual([]);
  });

  it('the blocks report, bare or with its totals, and the average of the whole content', () => {
    const report = blocks();
    expect(blocksReport(report)).toEqual(report);
    expect(blocksReport(report.blocks)).toEqual({ blocks: report.blocks, students: 12, lessons: 4 });
    expect(blocksReport({ items: report.blocks })).toEqual({ blocks: report.blocks, students: 12, lessons: 4 });
    expect(overallAverage(report.blocks)).toBe(39.6);
    expect(overallAverage([])).toBe(0);
  });

  it("a lesson's files are read with the link, escaped; images are shown", () => {
    expect(linkFileUrl(901, 'ref lucía')).toBe('/api/filesystem/file/read?file_id=901&link=ref%20luc%C3%ADa');
    expect(linkFileUrl(901, 'ref', true)).toBe('/api/filesystem/file/read?file_id=901&link=ref&download=1');
    expect(isImage('image/png')).toBe(true);
    expect(isImage('IMAGE/JPEG; charset=binary')).toBe(true);
    expect(isImage('application/pdf')).toBe(false);
  });
});
