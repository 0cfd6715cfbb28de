import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage, s3OptionsFromEnv } from './s3-storage.js';
import { newStorageKey } from './storage.js';

/** A minimal path-style S3 stand-in: PUT, GET and DELETE of objects, with the signature header checked for presence. */
const objects = new Map<string, Buffer>();
const seen: { method: string; url: string; auth: string }[] = [];
let server: http.Server;
let endpoint = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = (req.url ?? '').split('?')[0]!;
      seen.push({ method: req.method ?? '', url, auth: String(req.headers.authorization ?? '') });
      if (req.method === 'PUT') {
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

  it('is chosen only when S3_BUCKET is set', () => {
    expect(s3OptionsFromEnv({})).toBeNull();
    expect(s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
});
