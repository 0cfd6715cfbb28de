/**
 * Malformed multipart bodies for the upload routes, for generated-input.test.ts: the matrix's working
 * upload is taken apart and put back together wrongly (wrong field names, an empty file, a huge or
 * strange file name, a wrong content type, no file, two files, a cut-off body, no boundary).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { NASTY_STRINGS } from './generated-input.arbitraries.js';

interface TPart {
  name: string;
  fileName?: string | undefined;
  contentType?: string | undefined;
  data: Buffer;
}

/** The parts of a multipart/form-data body (enough for the bodies this test builds). */
export function parseMultipart(payload: Buffer, contentType: string): TPart[] {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return [];
  const text = payload.toString('latin1');
  const parts: TPart[] = [];
  for (const chunk of text.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const end = chunk.indexOf('\r\n\r\n');
    if (end < 0) continue;
    const head = chunk.slice(2, end);
    const body = chunk.slice(end + 4, chunk.length - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const fileName = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /Content-Type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({ name, fileName, contentType: type, data: Buffer.from(body, 'latin1') });
  }
  return parts;
}

export function buildMultipart(parts: TPart[], boundary = `----meridian${randomUUID().replace(/-/g, '')}`): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const type = p.contentType !== undefined ? `\r\nContent-Type: ${p.contentType}` : '';
    out.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'), p.data, Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

export interface TRawBody {
  payload: Buffer | string;
  headers: Record<string, string>;
  /** What was done to the working upload, for the report. */
  label: string;
}

const FILE_NAMES = [
  '',
  'a'.repeat(10_000) + '.pdf',
  '../../../etc/passwd',
  '..\\..\\windows\\system32\\cmd.exe',
  'résumé été.pdf',
  '\u202egpj.exe', // right-to-left override hiding an .exe
  '👩‍👩‍👧‍👦.pdf',
  'file\u0000.pdf',
  'no-extension',
  '.pdf',
  'CON.pdf',
  'a"b.pdf',
  'a;b=c.pdf',
];
const CONTENT_TYPES = [
  '',
  'application/x-msdownload',
  'text/html',
  'application/octet-stream',
  'image/png',
  'application/pdf; charset=utf-8',
  'x/y',
];

/** Malformed variants of one working multipart upload. */
export function multipartArbitrary(payload: Buffer, contentType: string): fc.Arbitrary<TRawBody> {
  const parts = parseMultipart(payload, contentType);
  const file = parts.find((p) => p.fileName !== undefined);
  const fields = parts.filter((p) => p.fileName === undefined);
  const boundary = `----meridianfuzz${'0'.repeat(8)}`;
  const header = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const body = (label: string, ps: TPart[]): TRawBody => ({ payload: buildMultipart(ps, boundary), headers: header, label });
  const nasty = fc.constantFrom(...NASTY_STRINGS, 'x'.repeat(100_000));

  const variants: fc.Arbitrary<TRawBody>[] = [
    fc.constant(body('as the matrix sent it', parts)),
    fc.constant(body('no file', fields)),
    fc.constant(body('no fields', file ? [file] : [])),
    fc.constant(body('nothing at all', [])),
  ];
  if (file) {
    variants.push(
      fc.constant(body('an empty file', [...fields, { ...file, data: Buffer.alloc(0) }])),
      fc.constantFrom(...FILE_NAMES).map((n) => body(`file name ${JSON.stringify(n.slice(0, 40))}`, [...fields, { ...file, fileName: n }])),
      fc
        .constantFrom(...CONTENT_TYPES)
        .map((c) => body(`file content type ${JSON.stringify(c)}`, [...fields, { ...file, contentType: c }])),
      fc.constant(body('file without a content type', [...fields, { ...file, contentType: undefined }])),
      fc
        .constantFrom('upload', 'files', 'File', '')
        .map((n) => body(`file under the field name ${JSON.stringify(n)}`, [...fields, { ...file, name: n }])),
      fc.constant(body('two files', [...fields, file, { ...file, fileName: `second-${file.fileName ?? ''}` }])),
      fc.constant(body('the file before the fields', [file, ...fields])),
      fc.constant(
        body('random bytes as the file', [
          ...fields,
          { ...file, data: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131) % 256)) },
        ]),
      ),
      fc.constant(body('a file field without a file name', [...fields, { ...file, fileName: undefined }])),
    );
  }
  for (const f of fields) {
    const others = fields.filter((x) => x !== f);
    const rest = file ? [file] : [];
    variants.push(
      nasty.map((v) =>
        body(`field ${f.name} = ${JSON.stringify(v.slice(0, 40))}`, [...others, { ...f, data: Buffer.from(v, 'utf8') }, ...rest]),
      ),
      fc.constant(body(`field ${f.name} renamed`, [...others, { ...f, name: `${f.name}X` }, ...rest])),
      fc.constant(body(`field ${f.name} twice`, [...others, f, f, ...rest])),
    );
  }
  variants.push(
    fc.tuple(nasty, nasty).map(([k, v]) => body('an unknown field', [...parts, { name: k, data: Buffer.from(v, 'utf8') }])),
    // broken envelopes
    fc.constant({ payload, headers: { 'content-type': 'multipart/form-data' }, label: 'no boundary' }),
    fc.constant({ payload, headers: { 'content-type': 'multipart/form-data; boundary=wrong' }, label: 'another boundary' }),
    fc.constant({
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers: { 'content-type': contentType },
      label: 'cut off half way',
    }),
    fc.constant({ payload: Buffer.alloc(0), headers: { 'content-type': contentType }, label: 'an empty body' }),
    fc.constant({ payload: '{"file":"x"}', headers: { 'content-type': 'application/json' }, label: 'JSON instead of multipart' }),
    fc.constant({ payload: payload, headers: { 'content-type': 'text/plain' }, label: 'a text body' }),
  );
  return fc.oneof(...variants);
}
