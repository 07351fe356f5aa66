/**
 * The portal's one upload-with-progress helper. `fetch` cannot report upload progress, so uploads go through
 * XMLHttpRequest — to the same proxy path, built like `bladeRequest` builds it (buildUrl + withBasePath, so the
 * portal works under a BASE_PATH), with the same X-CSRF header and the same reading of the Blade envelope.
 */
import { BladeError, buildUrl, errorText, type BladeEnvelope } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface UploadOptions {
  params?: Record<string, string | number | undefined | null>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  unknownErrorText?: string;
  networkErrorText?: string;
}

export function uploadWithProgress<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<BladeEnvelope<T>> {
  const {
    params,
    onProgress,
    signal,
    unknownErrorText = 'unknown error',
    networkErrorText = 'network error',
  } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new BladeError(networkErrorText, 0, 0, 'aborted'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withBasePath(buildUrl(path, params)));
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRF', '1');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: event.total ? Math.floor((event.loaded / event.total) * 100) : 0,
      });
    };
    xhr.onerror = () => reject(new BladeError(networkErrorText, 0, 0));
    xhr.onabort = () => reject(new BladeError(networkErrorText, 0, 0, 'aborted'));
    xhr.onload = () => {
      let body: BladeEnvelope<T> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as BladeEnvelope<T>;
      } catch {
        body = undefined;
      }
      const code = body?.code ?? xhr.status;
      if (code === 200 && xhr.status === 200 && body) {
        resolve(body);
        return;
      }
      reject(new BladeError(errorText(body, unknownErrorText), code, xhr.status, body));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
