import { getSession } from '../session/session-store';
import { ApiError, NetworkError } from './api-error';

/**
 * Uploads one file (multipart field "file", after any other fields) with XMLHttpRequest, because
 * fetch cannot report upload progress. Signs the call like apiCall; answers the route's JSON, or
 * rejects with ApiError (the server's answer) or NetworkError.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const session = getSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.accessToken}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    xhr.send(form);
  });
}
