import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedContentType, sniffKind } from './sniff.js';
import { LocalDiskStorage, newStorageKey } from './storage.js';
import { ClamdScanner } from './virus-scan.js';

const zipWith = (entry: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(entry, 'latin1')]);

describe('sniffKind', () => {
  it('recognises the allowed formats by their first bytes', () => {
    expect(sniffKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffKind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffKind(zipWith('word/document.xml'))).toBe('docx');
    expect(sniffKind(zipWith('xl/workbook.xml'))).toBe('xlsx');
    expect(sniffKind(zipWith('evil/payload.bin'))).toBeNull();
    expect(sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('ole');
    expect(sniffKind(Buffer.from('name,date\nA,1\n'))).toBe('text');
    expect(sniffKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
  });
  it('needs the content to match the extension', () => {
    expect(allowedContentType('a.docx', zipWith('word/x'))).toMatch(/wordprocessingml/);
    expect(allowedContentType('a.xlsx', zipWith('word/x'))).toBeNull();
    expect(allowedContentType('a.csv', Buffer.from('%PDF-1.4'))).toBeNull();
    expect(allowedContentType('a.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('application/msword');
  });
});

describe('LocalDiskStorage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  it('stores under sharded server keys and refuses any other key', async () => {
    const s = new LocalDiskStorage(root);
    const key = newStorageKey();
    expect(key).toMatch(/^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f-]{32}$/);
    await s.put(key, Buffer.from('hello'));
    expect((await s.readBuffer(key)).toString()).toBe('hello');
    await expect(s.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await s.delete(key);
    await expect(s.read(key)).rejects.toThrow();
  });

  it('stores a stream under its key only once it has ended whole', async () => {
    const s = new LocalDiskStorage(root);
    const key = newStorageKey();
    const source = new PassThrough();
    const stored = s.putStream(key, source);
    source.write(Buffer.alloc(100_000, 1));
    await new Promise((r) => setTimeout(r, 20));
    // Half written: nothing to read under the key yet.
    await expect(s.read(key)).rejects.toThrow();
    source.end(Buffer.alloc(50_000, 2));
    expect(await stored).toBe(150_000);
    const back = await s.readBuffer(key);
    expect(back.length).toBe(150_000);
    expect(back[149_999]).toBe(2);
    expect(fs.readdirSync(path.join(root, '.partial'))).toEqual([]);
  });

  it('keeps nothing of a stream that fails, and sweeps what a crash left behind', async () => {
    const s = new LocalDiskStorage(root);
    const key = newStorageKey();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10_000));
        this.destroy(new Error('the writer failed'));
      },
    });
    await expect(s.putStream(key, failing)).rejects.toThrow('the writer failed');
    await expect(s.read(key)).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, '.partial'))).toEqual([]);
    // A process killed while writing leaves its partial file: swept once it is old.
    const left = path.join(root, '.partial', 'crashed.part');
    fs.writeFileSync(left, 'half');
    expect(await s.sweepPartial(60_000)).toBe(0);
    const old = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(left, old, old);
    expect(await s.sweepPartial(86_400_000)).toBe(1);
    expect(fs.existsSync(left)).toBe(false);
  });
});

describe('ClamdScanner', () => {
  async function fakeClamd(answer: string): Promise<{ port: number; received: () => Buffer; close: () => void }> {
    const chunks: Buffer[] = [];
    const server = net.createServer((sock) => {
      sock.on('data', (c) => {
        chunks.push(c);
        // The stream ends with a zero-length chunk.
        if (Buffer.concat(chunks).subarray(-4).equals(Buffer.alloc(4))) sock.end(`${answer}\0`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { port: (server.address() as net.AddressInfo).port, received: () => Buffer.concat(chunks), close: () => server.close() };
  }

  it('streams the file with INSTREAM and reads clean and infected answers', async () => {
    const clean = await fakeClamd('stream: OK');
    expect(await new ClamdScanner('127.0.0.1', clean.port).scan(Buffer.from('hello'))).toEqual({ isClean: true });
    expect(clean.received().subarray(0, 10).toString('latin1')).toBe('zINSTREAM\0');
    clean.close();
    const bad = await fakeClamd('stream: Eicar-Signature FOUND');
    expect(await new ClamdScanner('127.0.0.1', bad.port).scan(Buffer.from('x'))).toEqual({ isClean: false, signature: 'Eicar-Signature' });
    bad.close();
  });

  it('fails when the scanner cannot be reached (the upload is then refused)', async () => {
    await expect(new ClamdScanner('127.0.0.1', 1).scan(Buffer.from('x'))).rejects.toThrow();
  });
});
