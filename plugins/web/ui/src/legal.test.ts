import { describe, expect, it } from 'vitest';
import type { LegalKindText } from './api';
import { legalState, paragraphs, preview } from './legal';
import { footerTexts } from './customer/LegalFooter';
import { legalRows } from './pages/LegalPage';
import { legalTexts, publishedText } from './test/fixtures';

describe("the shop's legal texts", () => {
  it('splits a body at blank lines, keeping the line breaks inside a paragraph', () => {
    expect(paragraphs('Autoescuela Volante SL\nNIF B12345678\n\n\nInscrita en el Registro\r\n  \r\nFin  \n')).toEqual(['Autoescuela Volante SL\nNIF B12345678', 'Inscrita en el Registro', 'Fin']);
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs('\n \n')).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
  });

  it('previews the first paragraphs up to the limit, cutting at a word with "…"', () => {
    expect(preview('Uno dos.\n\nTres.', 100)).toEqual({ paragraphs: ['Uno dos.', 'Tres.'], cut: false });
    expect(preview('Uno dos tres cuatro cinco', 14)).toEqual({ paragraphs: ['Uno dos tres…'], cut: true });
    // the paragraph that does not fit is cut; the ones after it are left out
    expect(preview('Primero.\n\nSegundo párrafo largo\n\nTercero', 20)).toEqual({ paragraphs: ['Primero.', 'Segundo…'], cut: true });
    // no room left for the next one: the last shown says there is more
    expect(preview('Ocho car\n\nMás', 8)).toEqual({ paragraphs: ['Ocho car…'], cut: true });
    // a single word longer than the limit is cut anyway
    expect(preview('Supercalifragilístico', 5)).toEqual({ paragraphs: ['Super…'], cut: true });
    expect(preview('', 10)).toEqual({ paragraphs: [], cut: false });
  });

  it('says where a kind stands: never written, published, or taken down by an empty newest version', () => {
    expect(legalState(null)).toBe('unwritten');
    expect(legalState({ body: 'Texto' })).toBe('published');
    expect(legalState({ body: '' })).toBe('withdrawn');
    expect(legalState({ body: '  \n' })).toBe('withdrawn');
  });

  it("shows the kinds in the host's order, any other kind after them", () => {
    const texts = legalTexts().texts as LegalKindText[];
    const other = { kind: 'returns', name: 'Devoluciones', current: null } as unknown as LegalKindText;
    expect(legalRows([other, ...texts].reverse()).map((k) => k.kind)).toEqual(['legal_notice', 'privacy', 'cookies', 'terms', 'returns']);
  });

  it("the customer area's footer links the published notice, privacy and cookies, in that order, never the conditions", () => {
    expect(footerTexts([publishedText('terms'), publishedText('cookies'), publishedText('legal_notice')]).map((t) => t.kind)).toEqual(['legal_notice', 'cookies']);
    expect(footerTexts([publishedText('privacy', { body: '' })])).toEqual([]);
    expect(footerTexts(null)).toEqual([]);
    expect(footerTexts({ texts: [] })).toEqual([]);
  });
});
