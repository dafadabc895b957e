/**
 * `XMLHttpRequest` for tests of uploads with progress (`uploadWithProgress`): each request goes
 * to a fake host's `fetch` (`mockApi`), so its route table answers it and `calls()` records it
 * (the FormData as its body), after the upload's progress events: by default half the body, then
 * all of it. `hold` keeps the answer back until the test lets it go, to see the progress shown.
 */
import type { MockApi } from './mockApi';

export interface XhrUploadsOptions {
  /** The fractions of the body reported as sent, in order (default `[0.5, 1]`). */
  steps?: number[];
  /** The total size reported (default 1000 bytes). */
  total?: number;
}

type Handler = ((event: ProgressEvent) => void) | null;

/** Replaces `globalThis.XMLHttpRequest` until the returned function is called. */
export function mockXhrUploads(api: MockApi, { steps = [0.5, 1], total = 1000 }: XhrUploadsOptions = {}): () => void {
  const original = globalThis.XMLHttpRequest;
  class FakeXhr {
    upload: { onprogress: Handler } = { onprogress: null };
    onload: Handler = null;
    onerror: Handler = null;
    onabort: Handler = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.(new ProgressEvent('abort'));
    }
    send(body?: Document | XMLHttpRequestBodyInit | null) {
      void (async () => {
        for (const step of steps) {
          await Promise.resolve();
          if (this.aborted) return;
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: Math.round(total * step), total }));
        }
        try {
          const response = await api.fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit });
          if (this.aborted) return;
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.(new ProgressEvent('load'));
        } catch {
          this.onerror?.(new ProgressEvent('error'));
        }
      })();
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = original;
  };
}
