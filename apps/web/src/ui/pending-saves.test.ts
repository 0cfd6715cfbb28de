import { describe, expect, it } from 'vitest';
import { createPendingSaves } from './pending-saves';

/** A save the test finishes when it wants, to type while it is on its way. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('answers typed but not saved yet', () => {
  it('keeps what was typed while a save was on its way, so the next save (or the submit) still sends it', async () => {
    const pending = createPendingSaves<{ q1: string }>();
    const first = { q1: 'Comput' };
    pending.typed('questionnaire-1', first);
    const inFlight = deferred();
    const sent: { q1: string }[] = [];
    const saving = pending.saveEach(async (_key, value) => {
      sent.push(value);
      await inFlight.promise;
    });
    const later = { q1: 'Computer Science' };
    pending.typed('questionnaire-1', later);
    inFlight.resolve();
    await saving;
    expect(sent).toEqual([first]);
    expect(pending.hasAny()).toBe(true);
    await pending.saveEach((_key, value) => Promise.resolve(sent.push(value)));
    expect(sent).toEqual([first, later]);
    expect(pending.hasAny()).toBe(false);
  });

  it('forgets a value once the save that carried it is done, and only that one', () => {
    const pending = createPendingSaves<string>();
    pending.typed('a', 'one');
    pending.typed('b', 'two');
    pending.saved('a', 'one');
    pending.saved('b', 'older');
    expect(pending.hasAny()).toBe(true);
    pending.saved('b', 'two');
    expect(pending.hasAny()).toBe(false);
  });

  it('stops at a failed save and keeps what was not saved', async () => {
    const pending = createPendingSaves<string>();
    pending.typed('a', 'one');
    pending.typed('b', 'two');
    await expect(pending.saveEach((key) => (key === 'b' ? Promise.reject(new Error('offline')) : Promise.resolve()))).rejects.toThrow(
      'offline',
    );
    const left: string[] = [];
    await pending.saveEach((key) => Promise.resolve(left.push(key)));
    expect(left).toEqual(['b']);
  });
});
