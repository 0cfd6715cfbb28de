import http from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, s3OptionsFromEnv } from './s3-storage.js';
import { newStorageKey } from './storage.js';

/**
 * A minimal path-style S3 stand-in: PUT, GET and DELETE of objects, and multipart uploads (create,
 * parts, complete, abort, list), with the signature header checked for presence.
 */
const objects = new Map<string, Buffer>();
const uploads = new Map<string, { url: string; parts: Map<number, Buffer>; initiated: Date }>();
const seen: { method: string; url: string; auth: string }[] = [];
let server: http.Server;
let endpoint = '';
const keys = { accessKeyId: 'AKIATEST', secretAccessKey: 'secret' };
const xml = (res: http.ServerResponse, body: string) =>
  res.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [url, search] = (req.url ?? '').split('?') as [string, string | undefined];
      const q = new URLSearchParams(search ?? '');
      seen.push({ method: req.method ?? '', url, auth: String(req.headers.authorization ?? '') });
      const uploadId = q.get('uploadId');
      if (req.method === 'POST' && q.has('uploads')) {
        const id = `upload-${uploads.size + 1}`;
        uploads.set(id, { url, parts: new Map(), initiated: new Date() });
        xml(
          res,
          `<InitiateMultipartUploadResult><Bucket>files</Bucket><Key>k</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      } else if (req.method === 'PUT' && uploadId) {
        const n = Number(q.get('partNumber'));
        uploads.get(uploadId)!.parts.set(n, Buffer.concat(chunks));
        res.writeHead(200, { ETag: `"part-${n}"` }).end();
      } else if (req.method === 'POST' && uploadId) {
        const u = uploads.get(uploadId)!;
        objects.set(u.url, Buffer.concat([...u.parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b)));
        uploads.delete(uploadId);
        xml(res, '<CompleteMultipartUploadResult><Bucket>files</Bucket><Key>k</Key><ETag>"x-2"</ETag></CompleteMultipartUploadResult>');
      } else if (req.method === 'DELETE' && uploadId) {
        uploads.delete(uploadId);
        res.writeHead(204).end();
      } else if (req.method === 'GET' && q.has('uploads')) {
        const listed = [...uploads.entries()].map(
          ([id, u]) =>
            `<Upload><Key>${u.url.replace(/^\/files\//, '')}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        );
        xml(
          res,
          `<ListMultipartUploadsResult><Bucket>files</Bucket><IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`,
        );
      } else if (req.method === 'PUT') {
        objects.set(url, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(url);
        if (!o) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
          return;
        }
        res.writeHead(200, { 'Content-Length': String(o.length), 'Content-Type': 'application/octet-stream' }).end(o);
      } else if (req.method === 'DELETE') {
        objects.delete(url);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server?.close());

describe('S3Storage', () => {
  it('puts, reads and deletes objects under the prefix, signing every call', async () => {
    const s = new S3Storage({
      bucket: 'files',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
      prefix: 'meridian/',
    });
    const key = newStorageKey();
    const data = Buffer.from('%PDF-1.4 a document');
    await s.put(key, data);
    expect(objects.get(`/files/meridian/${key}`)).toEqual(data);
    expect(await s.readBuffer(key)).toEqual(data);
    await s.delete(key);
    await expect(s.readBuffer(key)).rejects.toThrow();
    expect(seen.every((c) => c.auth.startsWith('AWS4-HMAC-SHA256 Credential=AKIATEST/'))).toBe(true);
  });

  it('streams a large file as a multipart upload that exists only once completed, a small one as one put', async () => {
    const s = new S3Storage({ bucket: 'files', region: 'us-east-1', endpoint, forcePathStyle: true, partSize: 64 * 1024, ...keys });
    const key = newStorageKey();
    const source = new PassThrough();
    const stored = s.putStream(key, source);
    for (let i = 0; i < 5; i++) source.write(Buffer.alloc(40 * 1024, i));
    await new Promise((r) => setTimeout(r, 50));
    // Parts sent, the upload not completed: nothing under the key.
    expect(uploads.size).toBe(1);
    await expect(s.readBuffer(key)).rejects.toThrow();
    source.end(Buffer.from('end'));
    expect(await stored).toBe(5 * 40 * 1024 + 3);
    const back = await s.readBuffer(key);
    expect(back.length).toBe(5 * 40 * 1024 + 3);
    expect(back.subarray(-3).toString()).toBe('end');
    expect(uploads.size).toBe(0);

    const small = newStorageKey();
    expect(await s.putStream(small, Readable.from([Buffer.from('tiny')]))).toBe(4);
    expect((await s.readBuffer(small)).toString()).toBe('tiny');
  });

  it('aborts the upload of a stream that fails, and sweeps uploads a crash left unfinished', async () => {
    const s = new S3Storage({ bucket: 'files', region: 'us-east-1', endpoint, forcePathStyle: true, partSize: 1024, ...keys });
    const key = newStorageKey();
    const failing = new PassThrough();
    const stored = s.putStream(key, failing);
    failing.write(Buffer.alloc(4096));
    await new Promise((r) => setTimeout(r, 50));
    failing.destroy(new Error('the writer failed'));
    await expect(stored).rejects.toThrow('the writer failed');
    expect(uploads.size).toBe(0);
    await expect(s.readBuffer(key)).rejects.toThrow();
    // An upload a killed server started and never finished.
    uploads.set('left-behind', { url: `/files/${newStorageKey()}`, parts: new Map(), initiated: new Date(Date.now() - 2 * 86_400_000) });
    expect(await s.sweepPartial(86_400_000)).toBe(1);
    expect(uploads.size).toBe(0);
  });

  it('is chosen only when S3_BUCKET is set', () => {
    expect(s3OptionsFromEnv({})).toBeNull();
    expect(s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
});
