import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZipEntries, ZipRefusedError, type TZipLimits } from './zip.js';

// docs/product/operations.md#uploads: a zip is unpacked as a stream under limits, never all at once.
const LIMITS: TZipLimits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024, maxRatio: 100 };
const all = () => true;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof ZipRefusedError ? e.reason : String(e)),
  );
const random = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 256));

describe('reading a zip under limits', () => {
  it('unpacks the accepted entries of an ordinary zip and skips the others', async () => {
    const zip = zipSync({ 'log.xml': strToU8('<TransactionLog/>'), 'form.pdf': strToU8('%PDF-1.4'), 'notes.txt': strToU8('x') });
    const got = await readZipEntries(zip, (n) => !n.endsWith('.txt'), LIMITS);
    expect([...got.keys()].sort()).toEqual(['form.pdf', 'log.xml']);
    expect(new TextDecoder().decode(got.get('log.xml'))).toBe('<TransactionLog/>');
  });

  it('takes an entry of exactly the limit and refuses one byte more', async () => {
    const at = zipSync({ 'a.bin': random(LIMITS.maxEntryBytes) }, { level: 0 });
    expect((await readZipEntries(at, all, LIMITS)).get('a.bin')!.length).toBe(LIMITS.maxEntryBytes);
    const over = zipSync({ 'a.bin': random(LIMITS.maxEntryBytes + 1) }, { level: 0 });
    expect(await refusal(readZipEntries(over, all, LIMITS))).toBe('entry-size');
  });

  it('refuses when the entries together pass the total, though each is within its own limit', async () => {
    const zip = zipSync({ 'a.bin': random(900 * 1024), 'b.bin': random(900 * 1024), 'c.bin': random(900 * 1024) }, { level: 0 });
    expect(await refusal(readZipEntries(zip, all, LIMITS))).toBe('total-size');
  });

  it('refuses a zip bomb by its ratio, counting the bytes really inflated', async () => {
    const bomb = zipSync({ 'log.xml': new Uint8Array(1024 * 1024).fill(32) }, { level: 9 });
    expect(await refusal(readZipEntries(bomb, all, LIMITS))).toBe('ratio');
  });

  it('refuses too many entries and a file that is not a zip', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 11; i++) many[`f${i}.pdf`] = strToU8('%PDF');
    expect(await refusal(readZipEntries(zipSync(many), all, LIMITS))).toBe('entries');
    const cut = zipSync({ 'a.xml': random(50_000) }).subarray(0, 20_000);
    expect(await refusal(readZipEntries(cut, all, { ...LIMITS, maxRatio: 1000 }))).not.toBeNull();
  });

  it('gives other requests their turn while it works (unpacking all at once would give none)', async () => {
    // Printed forms: PDFs barely compress, so the zip is about as big as what it holds.
    const big = zipSync({ 'forms.pdf': random(4 * 1024 * 1024) }, { level: 1 });
    let turns = 0;
    const other = setInterval(() => turns++, 0);
    const got = await readZipEntries(big, all, {
      ...LIMITS,
      maxEntryBytes: 16 * 1024 * 1024,
      maxTotalBytes: 16 * 1024 * 1024,
      maxRatio: 100_000,
    });
    clearInterval(other);
    expect(got.get('forms.pdf')!.length).toBe(4 * 1024 * 1024);
    expect(turns).toBeGreaterThan(3);
  });
});
