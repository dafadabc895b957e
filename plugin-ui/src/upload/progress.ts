/**
 * A multipart upload that reports how much of the file has gone up (`fetch` cannot: its request
 * body gives no progress). Same rules as the API client's `upload`: `POST <base>/<path>` with
 * `Authorization: Token <token>`, the browser sets the boundary; `{success:true, data}` resolves
 * `data`, `{success:false, error}` rejects with the host's error unchanged (a list, as every
 * write), no stored token rejects with SESSION-000 and sends nothing, a transport failure or an
 * answer that is not the envelope rejects with REQ-100.
 */
import { API_BASE, buildUrl, type CallOptions } from '../api/client';
import { networkFailure, sessionInvalid } from '../api/errors';
import { sessionStore, type SessionStore } from '../session/storage';

/** How far an upload is: bytes sent of the total, and that as a whole percentage (0–100). */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/** `loaded` of `total` as a whole percentage from 0 to 100 (0 when the total is unknown). */
export function uploadPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0 || loaded <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

export interface ProgressUploadOptions extends CallOptions {
  /** Hears each step of the upload (the request body only; the answer follows). */
  onProgress?(progress: UploadProgress): void;
  /** Where the token is (default the browser's session: `sessionStore`). */
  store?: SessionStore;
  baseUrl?: string;
}

/** `POST path` with a multipart form, reporting the upload's progress (see above). */
export function uploadWithProgress<T = unknown>(path: string, form: FormData, options: ProgressUploadOptions = {}): Promise<T> {
  const { onProgress, store = sessionStore, baseUrl = API_BASE, auth, signal } = options;
  const token = store.getToken();
  if (auth !== false && !token) return Promise.reject(sessionInvalid());
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(baseUrl, path.replace(/^\/+/, '')));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event: ProgressEvent) => {
        const total = event.lengthComputable ? event.total : 0;
        onProgress({ loaded: event.loaded, total, percent: uploadPercent(event.loaded, total) });
      };
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(networkFailure(new Error(`HTTP ${xhr.status}`)));
      let envelope: { success?: unknown; data?: unknown; error?: unknown };
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch (cause) {
        return reject(networkFailure(cause));
      }
      if (typeof envelope !== 'object' || envelope === null) return reject(networkFailure(new Error('Respuesta no válida')));
      if (envelope.success === true) return resolve(envelope.data as T);
      reject(envelope.error ?? networkFailure(new Error('Respuesta sin error')));
    };
    xhr.onerror = () => reject(networkFailure(new Error('Network error')));
    xhr.onabort = () => reject(networkFailure(new Error('Aborted')));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
