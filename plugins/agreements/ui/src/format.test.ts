import { describe, expect, it } from 'vitest';
import { age, clickPercent, fractionToPercent, isMinor, newPlacement, percentToFraction, placementBody, placementDraft, placementProblems, spanishToday } from './format';
import { agreementBody, agreementDraft, draftProblems } from './components/agreementDraft';
import { signBody, signProblems, signerDraft, askedFields, guardianShown } from './components/signerDraft';
import { agreement, signingView } from './test/fixtures';
import { accepts, uploadMessage } from './components/fileUpload';

describe('placements: percent in the screens, fractions of the page in the API', () => {
  it('shows fractions as percentages with a decimal comma and reads them back', () => {
    expect([0, 0.125, 0.2, 0.3333, 1].map(fractionToPercent)).toEqual(['0', '12,5', '20', '33,33', '100']);
    expect(['0', '12,5', '12.5', '20', ' 33,33 ', '100'].map(percentToFraction)).toEqual([0, 0.125, 0.125, 0.2, 0.3333, 1]);
    // beyond the page, negative, more than two decimals, not a number
    expect(['100,01', '-1', '12,345', 'abc', ''].map(percentToFraction)).toEqual([null, null, null, null, null]);
  });

  it('turns a stored placement into its draft and back without loss', () => {
    const stored = { variable: 'signature', page: 2, x: 0.55, y: 0.75, size: 10, width: 0.3 };
    const draft = placementDraft(stored, 1);
    expect(draft).toEqual({ key: 1, variable: 'signature', page: '2', x: '55', y: '75', size: '10', width: '30' });
    expect(placementBody(draft)).toEqual(stored);
    expect(placementBody({ ...draft, variable: 'name', size: '11,5', x: '12,5' })).toEqual({ variable: 'name', page: 2, x: 0.125, y: 0.75, size: 11.5, width: 0.3 });
  });

  it('refuses what the host would: page from 1 (up to the PDF\'s), 0–100 %, text 4–72 points, a signature wider than 0', () => {
    const draft = newPlacement(1, 1);
    expect(placementProblems(draft, 1)).toEqual({});
    expect(placementProblems({ ...draft, page: '0', x: '101', y: 'a', size: '3' }, null)).toEqual({ page: 'page', x: 'position', y: 'position', size: 'size' });
    expect(placementProblems({ ...draft, page: '3' }, 2)).toEqual({ page: 'page' });
    expect(placementProblems({ ...draft, variable: 'signature', size: '0', width: '0' }, null)).toEqual({ width: 'width' });
    expect(placementBody({ ...draft, x: '101' })).toBeNull();
  });

  it("a click in the page box is its position in percent, to a tenth", () => {
    expect(clickPercent(150, 350, { left: 100, top: 100, width: 400, height: 1000 })).toEqual({ x: '12,5', y: '25' });
    expect(clickPercent(99, 2000, { left: 100, top: 100, width: 400, height: 1000 })).toEqual({ x: '0', y: '100' });
    expect(clickPercent(1, 1, { left: 0, top: 0, width: 0, height: 0 })).toBeNull();
  });

  it("an agreement's body sends its placements as fractions; a wrong one is named by its index", () => {
    const draft = agreementDraft(agreement());
    expect(agreementBody(draft)?.variables).toEqual(agreement().variables);
    expect(agreementBody({ ...draft, name: ' ' })).toBeNull();
    const wrong = { ...draft, type: '', placements: draft.placements.map((p, i) => (i === 1 ? { ...p, y: '120' } : p)) };
    expect(draftProblems(wrong, 1)).toEqual({ type: 'type', 'variables[1].y': 'position' });
  });
});

describe("the signer's age and the guardian rule", () => {
  it('counts whole years (birthday as YYYY-MM-DD or DD/MM/YYYY)', () => {
    expect(age('2012-11-27', '2026-11-26')).toBe(13);
    expect(age('2012-11-26', '2026-11-26')).toBe(14);
    expect(age('26/11/2012', '2026-11-26')).toBe(14);
    expect(age('', '2026-11-26')).toBeNull();
    expect(isMinor('2012-11-27', 14, '2026-11-26')).toBe(true);
    expect(isMinor('2012-11-26', 14, '2026-11-26')).toBe(false);
    expect(isMinor('', 14, '2026-11-26')).toBe(false);
    expect(spanishToday(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
  });

  it('asks name and document always, the printed fields, and a known birthday', () => {
    expect(askedFields(signingView())).toEqual(['name', 'document']);
    expect(askedFields(signingView({ fields: ['name', 'address', 'phone', 'guardian_name'] }))).toEqual(['name', 'document', 'address', 'phone']);
    expect(askedFields(signingView({ signer: { ...signingView().signer, birthday: '2000-03-04' } }))).toEqual(['name', 'document', 'birthday']);
  });

  it('refuses an empty signature and, below 14, a missing guardian; the guardian shows then', () => {
    const view = signingView({ fields: ['name', 'document', 'birthday'] });
    const draft = { ...signerDraft(view), document: '54362315K', birthday: '2000-03-04' };
    expect(signProblems(view, draft)).toEqual({ signature: 'signature' });
    expect(guardianShown(view, draft)).toBe(false);
    const minor = { ...draft, birthday: `${Number(spanishToday().slice(0, 4)) - 10}-01-01`, signature: 'data:image/png;base64,AAAA' };
    expect(signProblems(view, minor)).toEqual({ guardian_name: 'guardianName', guardian_document: 'guardianDocument' });
    expect(guardianShown(view, minor)).toBe(true);
    expect(signProblems(view, { ...draft, name: ' ', birthday: '', signature: 'x' })).toEqual({ name: 'required', birthday: 'required' });
    expect(signBody('ref-lucia', { ...draft, name: ' Lucía ', signature: 'data:image/png;base64,AAAA' })).toEqual({
      reference: 'ref-lucia',
      signature: 'data:image/png;base64,AAAA',
      signer: { name: 'Lucía', document: '54362315K', birthday: '2000-03-04', address: '', city: '', province: '', postal_code: '', phone: '', guardian_name: '', guardian_document: '' },
    });
  });
});

describe('the files (agreement/file/upload)', () => {
  it('takes a PDF for the template and a PNG or JPEG for the cover, by type or name as the host checks', () => {
    const file = (name: string, type: string) => new File(['x'], name, { type });
    expect([file('a.pdf', 'application/pdf'), file('A.PDF', ''), file('a.png', 'image/png')].map((f) => accepts('pdf', f))).toEqual([true, true, false]);
    expect([file('a.png', 'image/png'), file('a.JPG', 'image/jpeg'), file('a.pdf', 'application/pdf'), file('a.gif', 'image/gif')].map((f) => accepts('image', f))).toEqual([true, true, false, false]);
  });

  it("a refusal's message: the host's error about the file first, then its first, then the fallback", () => {
    const refused = [
      { code: 'REQ-102', data: { field: 'name' }, details: 'Nombre no válido' },
      { code: 'REQ-102', data: { field: 'file' }, details: 'El archivo debe ser un PDF o una imagen png, jpg o jpeg' },
    ];
    expect(uploadMessage(refused, 'No se ha podido subir')).toBe('El archivo debe ser un PDF o una imagen png, jpg o jpeg');
    expect(uploadMessage([{ code: 'FILE-001', data: null, details: 'Demasiado grande' }], 'x')).toBe('Demasiado grande');
    expect(uploadMessage([refused[0]], 'x')).toBe('Nombre no válido');
    expect(uploadMessage([{ code: 'REQ-100', data: null, details: '' }], 'No se ha podido subir')).toBe('No se ha podido subir');
  });
});
