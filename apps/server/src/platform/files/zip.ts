import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

/** How much a zip may unpack to: enough for what its senders really send, never a zip bomb. */
export interface TZipLimits {
  /** Entries looked at (accepted or not). */
  maxEntries: number;
  /** Unpacked bytes of one accepted entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all accepted entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes per byte of the zip itself, over the whole file. */
  maxRatio: number;
}

export type TZipRefusal = 'entries' | 'entry-size' | 'total-size' | 'ratio' | 'corrupt';

/** A zip refused before it could fill memory or was not a readable zip; `reason` says which limit. */
export class ZipRefusedError extends Error {
  constructor(readonly reason: TZipRefusal) {
    super(`zip refused: ${reason}`);
    this.name = 'ZipRefusedError';
  }
}

/** Bytes fed to the unpacker per step: bounds what one step can inflate, and lets other requests run between steps. */
const SLICE = 8 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The accepted entries of a zip, unpacked as a stream (docs/product/operations.md#uploads): the
 * bytes actually inflated are counted as they come (a zip's own size fields can lie), the limits
 * stop it at once, and the event loop is given back between slices so one upload never holds up
 * everyone else's requests.
 */
export async function readZipEntries(
  data: Uint8Array,
  accept: (name: string) => boolean,
  limits: TZipLimits,
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  let refusal: TZipRefusal | null = null;
  let entries = 0;
  let total = 0;
  const stop = (reason: TZipRefusal) => {
    refusal ??= reason;
  };
  const unzip = new Unzip((file) => {
    if (refusal) return;
    if (++entries > limits.maxEntries) return stop('entries');
    if (!accept(file.name)) return;
    if (file.compression !== 0 && file.compression !== 8) return stop('corrupt');
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (refusal) return;
      if (err) return stop('corrupt');
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes) return stop('entry-size');
      if (total > limits.maxTotalBytes) return stop('total-size');
      if (total > limits.maxRatio * data.length) return stop('ratio');
      chunks.push(chunk);
      if (final) out.set(file.name, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < data.length && !refusal; at += SLICE) {
      unzip.push(data.subarray(at, Math.min(at + SLICE, data.length)), at + SLICE >= data.length);
      await nextTurn();
    }
  } catch {
    stop('corrupt');
  }
  if (refusal) throw new ZipRefusedError(refusal);
  return out;
}
