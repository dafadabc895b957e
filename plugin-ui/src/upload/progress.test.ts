import { afterEach, describe, expect, it } from 'vitest';
import { envelopeOk, mockApi, mockXhrUploads, writeError } from '../testing';
import { uploadPercent, uploadWithProgress, type UploadProgress } from './progress';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const form = () => {
  const data = new FormData();
  data.append('subtheme_id', '32');
  data.append('file', new File(['%PDF-1.4'], 'ficha.pdf', { type: 'application/pdf' }));
  return data;
};

describe('uploadPercent', () => {
  it('is a whole percentage from 0 to 100, 0 when the total is unknown', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(333, 1000)).toBe(33);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
    expect(uploadPercent(500, 0)).toBe(0);
  });
});

describe('uploadWithProgress', () => {
  it('posts the form with the token, reports progress and resolves the data', async () => {
    const api = mockApi({ 'POST some/upload': envelopeOk({ id: 9 }) });
    api.store.signIn('tok', 'super');
    restore = mockXhrUploads(api, { steps: [0.25, 1], total: 2048 });
    const seen: UploadProgress[] = [];
    const answer = await uploadWithProgress<{ id: number }>('some/upload', form(), { store: api.store, onProgress: (p) => seen.push(p) });
    expect(answer).toEqual({ id: 9 });
    expect(seen).toEqual([
      { loaded: 512, total: 2048, percent: 25 },
      { loaded: 2048, total: 2048, percent: 100 },
    ]);
    const [request] = api.calls('POST some/upload');
    expect(request.headers.authorization).toBe('Token tok');
    const sent = request.body as FormData;
    expect(sent.get('subtheme_id')).toBe('32');
    expect((sent.get('file') as File).name).toBe('ficha.pdf');
  });

  it("rejects with the host's errors unchanged, and with SESSION-000 without a token (nothing sent)", async () => {
    const api = mockApi({ 'POST some/upload': writeError('FILE-001', 'El archivo es demasiado grande') });
    restore = mockXhrUploads(api);
    await expect(uploadWithProgress('some/upload', form(), { store: api.store })).rejects.toMatchObject({ code: 'SESSION-000' });
    expect(api.requests).toHaveLength(0);
    api.store.signIn('tok', 'super');
    await expect(uploadWithProgress('some/upload', form(), { store: api.store })).rejects.toEqual([{ code: 'FILE-001', data: null, details: 'El archivo es demasiado grande' }]);
  });

  it('rejects with REQ-100 when the answer is not the envelope', async () => {
    const api = mockApi({ 'POST some/upload': () => new Response('<html>', { status: 200 }) });
    api.store.signIn('tok', 'super');
    restore = mockXhrUploads(api);
    await expect(uploadWithProgress('some/upload', form(), { store: api.store })).rejects.toMatchObject({ code: 'REQ-100' });
  });
});
