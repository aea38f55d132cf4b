/**
 * Told how far an upload has gone: bytes sent so far, of the total. Declared here with the transport that
 * reports it, so http-client (which imports xhrUpload) and this module do not import each other.
 */
export type UploadProgressHandler = (loaded: number, total: number) => void;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/**
 * fetch's contract over XMLHttpRequest, for the one thing fetch cannot do: report upload progress.
 * Resolves with a Response for any HTTP status; rejects with TypeError on a network failure and with an
 * AbortError DOMException when the signal aborts, exactly as fetch does.
 */
export function xhrUpload(
  input: string,
  init: RequestInit,
  onUploadProgress: UploadProgressHandler,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', input);
    xhr.responseType = 'blob';
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
    const abort = () => xhr.abort();
    const done = () => init.signal?.removeEventListener('abort', abort);
    if (init.signal) {
      if (init.signal.aborted) {
        reject(new DOMException('The request was aborted', 'AbortError'));
        return;
      }
      init.signal.addEventListener('abort', abort);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      const status = xhr.status === 1223 ? 204 : xhr.status;
      const body = status === 204 || status === 205 || status === 304 ? null : (xhr.response as Blob);
      resolve(
        new Response(body, {
          status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The request was aborted', 'AbortError'));
    };
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
