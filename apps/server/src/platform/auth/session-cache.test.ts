import { describe, expect, it } from 'vitest';
import type { TAuthenticatedActor } from '../http/context.js';
import { cachedSessionLookup, forgetCachedSessions } from './session-cache.js';

const claims = { sub: 'u1', inst: 'i1', sid: 's1', role: 'isssAdmin' };
const actor = { userId: 'u1', sessionId: 's1', role: 'isssAdmin', staff: null, departmentId: null } as unknown as TAuthenticatedActor;

function counting(answer: () => TAuthenticatedActor | null) {
  const calls = { n: 0 };
  const lookup = () => {
    calls.n++;
    return Promise.resolve(answer());
  };
  return { calls, lookup };
}

describe('cached session lookup', () => {
  it('answers again from memory within its time, and asks the database after it', async () => {
    let t = 0;
    const { calls, lookup } = counting(() => actor);
    const cached = cachedSessionLookup(lookup, 3000, () => t);
    await cached(claims, 'i1');
    t = 2999;
    expect(await cached(claims, 'i1')).toBe(actor);
    expect(calls.n).toBe(1);
    t = 3000;
    await cached(claims, 'i1');
    expect(calls.n).toBe(2);
  });

  it('never keeps a refusal, and forgets everything when told', async () => {
    let live: TAuthenticatedActor | null = null;
    const { calls, lookup } = counting(() => live);
    const cached = cachedSessionLookup(lookup, 3000, () => 0);
    expect(await cached(claims, 'i1')).toBeNull();
    live = actor;
    expect(await cached(claims, 'i1')).toBe(actor);
    live = null;
    forgetCachedSessions();
    expect(await cached(claims, 'i1')).toBeNull();
    expect(calls.n).toBe(3);
  });

  it('does not keep an answer looked up while a sign-out was being made', async () => {
    const { calls, lookup } = counting(() => actor);
    const racing = async () => {
      const a = await lookup();
      forgetCachedSessions();
      return a;
    };
    const cached = cachedSessionLookup(racing, 3000, () => 0);
    await cached(claims, 'i1');
    await cached(claims, 'i1');
    expect(calls.n).toBe(2);
  });

  it('keeps sessions of different institutions and users apart', async () => {
    const { calls, lookup } = counting(() => actor);
    const cached = cachedSessionLookup(lookup, 3000, () => 0);
    await cached(claims, 'i1');
    await cached({ ...claims, sub: 'u2' }, 'i1');
    await cached(claims, 'i2');
    expect(calls.n).toBe(3);
  });
});
