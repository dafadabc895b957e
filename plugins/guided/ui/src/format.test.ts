import { describe, expect, it } from 'vitest';
import { classBody, classDraft } from './components/ClassForm';
import { groupAsSent, groupBody, groupDraft } from './components/GroupForm';
import { bookResourceBody, linkResourceBody, noteResourceBody, resourceChanges } from './components/ResourceEditor';
import { coverageTotals, fileShape, findSubtheme, isWebUrl, movedPosition, nameOf, parseWhole, period, resourceTitle, when } from './format';
import { classPath, groupPath, idParam } from './paths';
import type { BookContents, Coverage, GroupDetail, Resource } from './api';
import { bookContents, coverage, groupDetail, resources } from './test/fixtures';

describe('formatting', () => {
  it('dates, times and periods the Spanish way', () => {
    expect(when('2026-10-08', '18:00')).toBe('08/10/2026 18:00');
    expect(when('2026-10-08', null)).toBe('08/10/2026');
    expect(when(null, '18:00')).toBe('');
    expect(period('2026-10-01', '2026-12-20')).toBe('01/10/2026 – 20/12/2026');
    expect(period(null, '2026-12-20')).toBe('20/12/2026');
    expect(period(null, null)).toBe('');
  });

  it('whole numbers, web addresses, file shapes, names', () => {
    expect([parseWhole(' 45 '), parseWhole('4.5'), parseWhole('')]).toEqual([45, null, null]);
    expect([isWebUrl('https://www.dgt.es/'), isWebUrl(' http://dgt.es '), isWebUrl('ftp://dgt.es'), isWebUrl('dgt.es'), isWebUrl('javascript:alert(1)')]).toEqual([true, true, false, false, false]);
    expect([fileShape('image/png'), fileShape('image/jpeg'), fileShape('application/pdf'), fileShape('video/mp4'), fileShape(null)]).toEqual(['image', 'image', 'pdf', 'file', 'file']);
    expect([nameOf('Señales'), nameOf({ id: 1, title: 'Velocidad' }), nameOf(null)]).toEqual(['Señales', 'Velocidad', '']);
  });

  it("a resource's title, the coverage's totals, a subtheme of the book, moves and routes", () => {
    const list = resources() as unknown as Resource[];
    expect(list.map(resourceTitle)).toEqual(['Señales de peligro', 'Resumen en PDF', 'Glorietas', 'Web de la DGT', 'Recordatorio', 'Tema retirado']);
    expect(resourceTitle({ ...list[3], title: '' })).toBe('https://www.dgt.es/');
    const cover = coverage() as unknown as Coverage;
    expect(coverageTotals(cover)).toEqual({ subthemes: 3, covered: 2, given: 1 });
    expect(coverageTotals({ ...cover, totals: undefined })).toEqual({ subthemes: 3, covered: 2, given: 1 });
    const book = bookContents() as unknown as BookContents;
    expect(findSubtheme(book, 23)).toMatchObject({ theme: 2, subtheme: { title: 'Límites genéricos' } });
    expect(findSubtheme(book, 99)).toBeNull();
    expect([movedPosition(1, -1, 3), movedPosition(1, 1, 3), movedPosition(3, 1, 3)]).toEqual([null, 2, null]);
    expect([groupPath(31), classPath(402, 31)]).toEqual(['/clase/guiada/grupo/view/31', '/clase/guiada/view/402/31']);
    expect([idParam('31'), idParam('x'), idParam(undefined)]).toEqual([31, -1, -1]);
  });
});

describe("the forms' bodies", () => {
  it('a group: texts trimmed, empty values null; the state only for a saved one', () => {
    const group = groupDetail() as unknown as GroupDetail;
    const draft = groupDraft(group);
    expect(groupBody(draft, true)).toEqual(groupAsSent(group));
    expect(groupBody({ ...groupDraft(null), name: ' Noche ' }, false)).toEqual({
      name: 'Noche', licence: 'B', temary_id: null, branch_id: null, teacher_user_id: null, description: '', starts_on: null, ends_on: null,
    });
    expect(groupBody(groupDraft(null), false)).toBeNull();
  });

  it('a class: 60 minutes unless typed, a position only when typed, the summary where shown', () => {
    expect(classBody({ ...classDraft(), title: ' Repaso ', minutes: '' }, false)).toEqual({ title: 'Repaso', scheduled_on: null, starts_at: null, minutes: 60 });
    expect(classBody({ ...classDraft(), title: 'Repaso', position: '2', summary: ' Dudas ' }, true)).toEqual({ title: 'Repaso', scheduled_on: null, starts_at: null, minutes: 60, summary: 'Dudas', position: 2 });
    expect(classBody(classDraft(), false)).toBeNull();
  });

  it('a resource: from the book, a link, a note; an edit sends what changed', () => {
    expect(bookResourceBody({ subtheme_id: '21', part: '', title: '' }, 402)).toEqual({ class_id: 402, kind: 'subtheme', subtheme_id: 21 });
    expect(bookResourceBody({ subtheme_id: '21', part: 'sheet:61', title: ' Lámina ' }, 402)).toEqual({ class_id: 402, kind: 'sheet', sheet_id: 61, title: 'Lámina' });
    expect(bookResourceBody({ subtheme_id: '21', part: 'video:71', title: '' }, 402)).toEqual({ class_id: 402, kind: 'video', video_id: 71 });
    expect(bookResourceBody({ subtheme_id: '', part: '', title: '' }, 402)).toBeNull();
    expect(linkResourceBody({ title: '', url: ' https://dgt.es ' }, 402)).toEqual({ class_id: 402, kind: 'link', url: 'https://dgt.es' });
    expect(noteResourceBody({ title: 'Ojo', text: ' Traer el DNI ' }, 402)).toEqual({ class_id: 402, kind: 'note', text: 'Traer el DNI', title: 'Ojo' });
    expect(noteResourceBody({ title: 'Ojo', text: ' ' }, 402)).toBeNull();
    const [subtheme, , , link] = resources() as unknown as Resource[];
    expect(resourceChanges({ title: 'Web de la DGT', url: 'https://sede.dgt.gob.es/', text: '' }, link)).toEqual({ url: 'https://sede.dgt.gob.es/' });
    expect(resourceChanges({ title: 'Peligro', url: 'x', text: 'y' }, subtheme)).toEqual({ title: 'Peligro' });
  });
});
