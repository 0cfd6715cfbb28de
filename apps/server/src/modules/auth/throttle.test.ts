import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../platform/auth/tokens.js';
import { DEVICE_TTL_S, DEVICES_PER_BROWSER, deviceCookieWith, issueDeviceToken, readDeviceCookie, recognisedDevice } from './devices.js';
import { addressNet, MAX_WAIT_S, PAIR_FREE_FAILURES, waitAfter } from './throttle.js';

// Sign-in throttling's pure parts (docs/product/auth.md#sign-in-throttling, docs/decisions/020-sign-in-throttling.md).

describe('addressNet', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(addressNet('203.0.113.9')).toBe('203.0.113.9');
    expect(addressNet('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });
  it('counts an IPv6 address by its /64 network, however it is written', () => {
    expect(addressNet('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressNet('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressNet('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNet('2001:db8:1:3::1')).not.toBe(addressNet('2001:db8:1:2::1'));
  });
});

describe('waitAfter', () => {
  it('lets the free failures through, then waits 30 s doubling up to 15 minutes', () => {
    expect(waitAfter(PAIR_FREE_FAILURES - 1, PAIR_FREE_FAILURES)).toBe(0);
    expect(waitAfter(PAIR_FREE_FAILURES, PAIR_FREE_FAILURES)).toBe(30);
    expect(waitAfter(PAIR_FREE_FAILURES + 1, PAIR_FREE_FAILURES)).toBe(60);
    expect(waitAfter(PAIR_FREE_FAILURES + 4, PAIR_FREE_FAILURES)).toBe(480);
    expect(waitAfter(PAIR_FREE_FAILURES + 5, PAIR_FREE_FAILURES)).toBe(MAX_WAIT_S);
    expect(waitAfter(10_000, PAIR_FREE_FAILURES)).toBe(MAX_WAIT_S);
  });
});

describe('device tokens', () => {
  const tokens = new TokenService(randomBytes(32));
  const inst = '11111111-1111-4111-8111-111111111111';
  const user = {
    id: '22222222-2222-4222-8222-222222222222',
    isActive: true,
    passwordChangedAt: new Date(Date.now() - 1000 * 24 * 3600 * 1000),
  };
  const other = { ...user, id: '33333333-3333-4333-8333-333333333333' };
  const now = Date.now();

  it('recognise the account they were issued for, in the institution they were issued in, and keep their device id', () => {
    const token = issueDeviceToken(tokens, inst, user.id, 'device-id-0123456789', now);
    expect(recognisedDevice(tokens, inst, user, [token], now)).toEqual({ deviceId: 'device-id-0123456789' });
    expect(recognisedDevice(tokens, inst, other, [token], now)).toBeNull();
    expect(recognisedDevice(tokens, '44444444-4444-4444-8444-444444444444', user, [token], now)).toBeNull();
    expect(recognisedDevice(new TokenService(randomBytes(32)), inst, user, [token], now)).toBeNull();
    expect(recognisedDevice(tokens, inst, { ...user, isActive: false }, [token], now)).toBeNull();
  });

  it('are refused when altered', () => {
    const token = issueDeviceToken(tokens, inst, user.id, 'device-id-0123456789', now);
    const [u, d, at, mac] = token.split('.') as [string, string, string, string];
    expect(recognisedDevice(tokens, inst, user, [`${u}.${d}x.${at}.${mac}`], now)).toBeNull();
    expect(recognisedDevice(tokens, inst, user, [`${u}.${d}.${Number(at) + 1}.${mac}`], now)).toBeNull();
    expect(recognisedDevice(tokens, inst, other, [`${other.id}.${d}.${at}.${mac}`], now)).toBeNull();
  });

  it(`last ${DEVICE_TTL_S / 86400} days from their issue, not a second more`, () => {
    const issued = now - DEVICE_TTL_S * 1000;
    const token = issueDeviceToken(tokens, inst, user.id, 'device-id-0123456789', issued);
    expect(recognisedDevice(tokens, inst, user, [token], now)).not.toBeNull();
    expect(recognisedDevice(tokens, inst, user, [token], now + 1000)).toBeNull();
  });

  it('are forgotten by a password change after their issue, not by one before it', () => {
    const token = issueDeviceToken(tokens, inst, user.id, 'device-id-0123456789', now);
    expect(recognisedDevice(tokens, inst, { ...user, passwordChangedAt: new Date(now) }, [token], now)).not.toBeNull();
    expect(recognisedDevice(tokens, inst, { ...user, passwordChangedAt: new Date(now + 1) }, [token], now + 5)).toBeNull();
  });

  it(`one browser keeps up to ${DEVICES_PER_BROWSER} accounts, the newest first, and one token per account`, () => {
    const ids = Array.from({ length: DEVICES_PER_BROWSER + 1 }, (_, i) => `5555555${i}-5555-4555-8555-555555555555`);
    let cookie = '';
    for (const id of ids) cookie = deviceCookieWith(readDeviceCookie(cookie), issueDeviceToken(tokens, inst, id), id);
    const held = readDeviceCookie(cookie);
    expect(held).toHaveLength(DEVICES_PER_BROWSER);
    expect(held[0]!.startsWith(`${ids.at(-1)}.`)).toBe(true);
    expect(held.some((t) => t.startsWith(`${ids[0]}.`))).toBe(false);
    const again = readDeviceCookie(deviceCookieWith(held, issueDeviceToken(tokens, inst, ids[3]!), ids[3]!));
    expect(again.filter((t) => t.startsWith(`${ids[3]}.`))).toHaveLength(1);
    expect(again[0]!.startsWith(`${ids[3]}.`)).toBe(true);
    expect(readDeviceCookie('garbage~x.y.z')).toEqual([]);
  });
});
