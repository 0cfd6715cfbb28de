import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MissingFileError, type TFileStorage } from './file-storage.js';
import { S3Storage, s3OptionsFromEnv } from './s3-storage.js';

export { MissingFileError, type TFileStorage } from './file-storage.js';

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A new storage key: a UUID in two levels of sharded folders (ab/cd/abcd...). */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** Files on local disk under DATA_DIR/files (outside the web root). */
export class LocalDiskStorage implements TFileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are ours, but a database row is still input: refuse anything that is not our shape.
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Write then rename: a crash never leaves half a file under the final name.
    const tmp = `${file}.part`;
    await fsp.writeFile(tmp, data, { mode: 0o600, flag: 'wx' });
    await fsp.rename(tmp, file);
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
