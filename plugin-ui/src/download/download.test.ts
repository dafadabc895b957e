import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, saveBase64File, saveFile } from './download';

describe('downloads', () => {
  // jsdom has no object URLs: URL gets the two statics for these tests only.
  afterEach(() => Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined }));

  it('decodes base64 into bytes', () => {
    expect([...base64ToBytes('JVBERi0xLjQ=')]).toEqual([...new TextEncoder().encode('%PDF-1.4')]);
    expect([...base64ToBytes('SG9s\nYQ==')]).toEqual([...new TextEncoder().encode('Hola')]);
  });

  it('saves through a temporary link with the file name, holding the right bytes', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:volante/1'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
    saveBase64File({ filename: 'factura-A2026-000001.pdf', content_type: 'application/pdf', base64: 'JVBERi0xLjQ=' });
    saveFile('factura.xml', 'application/xml', '<Facturae/>');
    expect(clicked).toEqual([
      { download: 'factura-A2026-000001.pdf', href: 'blob:volante/1' },
      { download: 'factura.xml', href: 'blob:volante/1' },
    ]);
    expect(blobs[0].type).toBe('application/pdf');
    expect(new TextDecoder().decode(await blobs[0].arrayBuffer())).toBe('%PDF-1.4');
    expect(await blobs[1].text()).toBe('<Facturae/>');
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    click.mockRestore();
  });
});
