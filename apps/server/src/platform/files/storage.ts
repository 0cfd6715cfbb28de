import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MissingFileError, type TFileStorage } from './file-storage.js';
import { S3Storage, s3OptionsFromEnv } from './s3-storage.js';

export { MissingFileError, type TFileStorage } from './file-storage.js';

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A new storage key: a UUID in two levels of sharded folders (ab/cd/abcd...). */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** Where files are written before they are whole (under the root, so the rename into place stays on one disk). */
const PARTIAL = '.partial';

/** Files on local disk under DATA_DIR/files (outside the web root). */
export class LocalDiskStorage implements TFileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are ours, but a database row is still input: refuse anything that is not our shape.
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  /** A fresh path for a partial write; a crash leaves it there, never under a key (sweepPartial drops it). */
  private async partialPath(): Promise<string> {
    const dir = path.join(this.root, PARTIAL);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    return path.join(dir, `${randomUUID()}.part`);
  }

  /** Write then rename: the file appears under its key whole, or not at all. */
  private async write(key: string, fill: (tmp: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    const tmp = await this.partialPath();
    try {
      await fill(tmp);
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fsp.rename(tmp, file);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.write(key, (tmp) => fsp.writeFile(tmp, data, { mode: 0o600, flag: 'wx' }));
  }

  async putStream(key: string, source: Readable): Promise<number> {
    // A source that fails before the pipeline below is attached must not be an uncaught error; the
    // pipeline still sees that it failed.
    source.on('error', () => {});
    let bytes = 0;
    await this.write(key, async (tmp) => {
      await pipeline(source, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      bytes = (await fsp.stat(tmp)).size;
    });
    return bytes;
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file).catch(() => {
      throw new MissingFileError(key);
    });
    return fs.createReadStream(file);
  }

  async readBuffer(key: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(key)).catch(() => {
      throw new MissingFileError(key);
    });
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async sweepPartial(olderThanMs: number): Promise<number> {
    const dir = path.join(this.root, PARTIAL);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const before = Date.now() - olderThanMs;
    let n = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < before) {
        await fsp.rm(file, { force: true });
        n++;
      }
    }
    return n;
  }
}

const byRoot = new Map<string, TFileStorage>();
let s3: TFileStorage | null | undefined;

/**
 * Where files go: an S3-compatible bucket when S3_BUCKET is set (decision 004), else local disk
 * under the data folder.
 */
export function fileStorage(dataDir: string): TFileStorage {
  if (s3 === undefined) {
    const opts = s3OptionsFromEnv();
    s3 = opts ? new S3Storage(opts) : null;
  }
  if (s3) return s3;
  const root = path.join(dataDir, 'files');
  let s = byRoot.get(root);
  if (!s) {
    s = new LocalDiskStorage(root);
    byRoot.set(root, s);
  }
  return s;
}
