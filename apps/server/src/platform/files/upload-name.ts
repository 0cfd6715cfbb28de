/**
 * The name an uploaded file is kept and shown under: its last path segment (a browser may send a whole path),
 * without control characters, at most 200 characters; `fallback` when nothing is left.
 */
export function uploadName(name: string, fallback = 'upload'): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || fallback;
}
