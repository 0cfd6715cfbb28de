import { describe, expect, it } from 'vitest';
import { EMPTY_STAFF_PERMISSIONS, type TActor } from '../../permissions.js';
import { firstScopeNotHeld, scopesAllow } from './integration-tokens.js';

const staff = (p: Partial<TActor['staff'] & object>): TActor => ({
  role: 'isssAdmin',
  staff: { ...EMPTY_STAFF_PERMISSIONS, ...p },
  isDepartmentAdmin: false,
});

describe('integration token scopes (docs/product/integration-tokens.md#scopes)', () => {
  it('a read scope allows reading its records, not changing them', () => {
    expect(scopesAllow(['students:read'], { method: 'GET', path: '/api/students', access: 'students.read' })).toBe(true);
    expect(scopesAllow(['students:read'], { method: 'POST', path: '/api/students', access: 'students.manage' })).toBe(false);
    // A GET guarded by a write permission (a download that marks something) needs the write scope.
    expect(scopesAllow(['students:read'], { method: 'GET', path: '/api/x', access: 'students.manage' })).toBe(false);
    expect(scopesAllow(['students:write'], { method: 'POST', path: '/api/students', access: 'students.manage' })).toBe(true);
  });

  it("one area's scope opens nothing of another", () => {
    expect(scopesAllow(['students:write'], { method: 'GET', path: '/api/scholars/dashboard', access: 'scholars.read' })).toBe(false);
    expect(scopesAllow(['scholars:read'], { method: 'GET', path: '/api/students', access: 'students.read' })).toBe(false);
  });

  it('routes for any signed-in person are closed to tokens, except following their jobs', () => {
    expect(scopesAllow(['students:write'], { method: 'GET', path: '/api/auth/me', access: 'authenticated' })).toBe(false);
    expect(scopesAllow(['students:write'], { method: 'POST', path: '/api/auth/logout', access: 'authenticated' })).toBe(false);
    expect(scopesAllow([], { method: 'GET', path: '/api/jobs/00000000-0000-4000-8000-000000000000', access: 'authenticated' })).toBe(true);
    expect(scopesAllow([], { method: 'GET', path: '/api/jobsx', access: 'authenticated' })).toBe(false);
  });

  it('nobody gives a token more than they hold', () => {
    expect(firstScopeNotHeld(staff({ isSuper: true }), ['students:write', 'scholars:write', 'sevis:read'])).toBeNull();
    // An assistant of one site with no flags does not process requests: requests:read is beyond them.
    const assistant = staff({ isAssistant: true, assistantSites: [1] });
    expect(firstScopeNotHeld(assistant, ['students:read'])).toBeNull();
    expect(firstScopeNotHeld(assistant, ['students:read', 'requests:read'])).toBe('requests:read');
    expect(firstScopeNotHeld(assistant, ['students:write'])).toBe('students:write');
    expect(firstScopeNotHeld({ role: 'department', staff: null, isDepartmentAdmin: true }, ['directory:read'])).toBe('directory:read');
  });
});
