import { describe, expect, it } from 'vitest';
import { EMPTY_STAFF_PERMISSIONS, type TStaffPermissions } from '@meridian/domain';
import { landingPathFor, scholarPathFor, staffHomePath, studentPathFor } from './landing';

const base = { processedState: null, currentStage: null, profileId: null, staff: null, isDepartmentAdmin: false };
const staff = (p: Partial<TStaffPermissions>) => ({ ...base, userRole: 'isssAdmin' as const, staff: { ...EMPTY_STAFF_PERMISSIONS, ...p } });
const NO_FLAGS = { sendemail: false, editStudent: false, processRequests: false, sevisBatch: false };

describe('landing by role', () => {
  it('sends scholars by processed state', () => {
    expect(scholarPathFor('H-1BAmendment')).toBe('/scholar/edith1application');
    expect(scholarPathFor('O-1Amendment')).toBe('/scholar/edito1application');
    expect(scholarPathFor('o1Extension')).toBe('/scholar/edito1extension');
    expect(scholarPathFor('J-1')).toBe('/scholar/editj1application');
    expect(scholarPathFor('F-1 OPT/STEM')).toBe('/scholar/editf1application');
    expect(scholarPathFor('')).toBe('/scholar/reviewrequest');
  });
  it('sends students by stage', () => {
    expect(studentPathFor('pre_arrival', 'p1')).toBe('/student/student-pre-arrival');
    expect(studentPathFor('check_in', 'p1')).toBe('/student/student-check-in');
    expect(studentPathFor('archived', 'p1')).toBe('/student/student-service-menu/p1');
    expect(studentPathFor('invited', 'p1')).toBe('/student/welcome-wizard');
  });
  it('refuses roles that may not sign in here', () => {
    expect(landingPathFor({ ...base, userRole: 'department' })).toBe('/scholar/deptDashboard');
    expect(landingPathFor({ ...base, userRole: 'advisor' })).toBeNull();
  });
});

// Where staff land follows their permissions (docs/product/shells.md#where-staff-land): the student area's
// My work for everyone who uses that area, the scholar dashboard for staff of the scholar side only.
describe('where staff land, by their permissions', () => {
  it('a student officer (of one campus site) lands on My work in the student area, not on the scholar dashboard', () => {
    expect(landingPathFor(staff({ isOfficer: true, officerSites: [1] }))).toBe('/isss/my-work');
  });
  it('super users and officers of every site land on My work too', () => {
    expect(landingPathFor(staff({ isSuper: true }))).toBe('/isss/my-work');
    expect(landingPathFor(staff({ isOfficer: true }))).toBe('/isss/my-work');
  });
  it('an assistant of a campus site lands on My work, whatever their action flags', () => {
    expect(landingPathFor(staff({ isAssistant: true, assistantSites: [2], assistantSettings: { '2': NO_FLAGS } }))).toBe('/isss/my-work');
  });
  it('staff without a student-area role (an assistant of no site, or no role at all) land on the scholar dashboard', () => {
    expect(landingPathFor(staff({ isAssistant: true, assistantSites: [] }))).toBe('/admin/dashboard');
    expect(landingPathFor(staff({}))).toBe('/admin/dashboard');
    expect(landingPathFor({ ...base, userRole: 'isssAdmin' })).toBe('/admin/dashboard');
  });
  it('the area switch and the sign-in agree: staffHomePath is the same answer for an actor', () => {
    const p = { ...EMPTY_STAFF_PERMISSIONS, isOfficer: true, officerSites: [1] };
    expect(staffHomePath({ role: 'isssAdmin', staff: p, isDepartmentAdmin: false })).toBe('/isss/my-work');
  });
});
