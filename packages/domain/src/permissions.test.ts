import { describe, expect, it } from 'vitest';
import {
  can,
  canActOnSite,
  EMPTY_STAFF_PERMISSIONS,
  firstUngrantable,
  hasStudentAreaAccess,
  reachesPersonSites,
  staffProfileSites,
  type TActor,
  type TStaffPermissions,
} from './permissions.js';

const p = (x: Partial<TStaffPermissions>): TStaffPermissions => ({ ...EMPTY_STAFF_PERMISSIONS, ...x });
const staffActor = (x: Partial<TStaffPermissions>): TActor => ({ role: 'isssAdmin', staff: p(x), isDepartmentAdmin: false });

describe('campus permission', () => {
  it('officer with no listed site or site 0 reaches every site; otherwise only the listed ones', () => {
    expect(canActOnSite(p({ isOfficer: true }), 7)).toBe(true);
    expect(canActOnSite(p({ isOfficer: true, officerSites: [0] }), 7)).toBe(true);
    expect(canActOnSite(p({ isOfficer: true, officerSites: [1, 2] }), 2)).toBe(true);
    expect(canActOnSite(p({ isOfficer: true, officerSites: [1, 2] }), 3)).toBe(false);
  });
  it('assistant acts only on listed sites and only with the action flag set', () => {
    const a = p({
      isAssistant: true,
      assistantSites: [1],
      assistantSettings: { '1': { sendemail: true, editStudent: false, processRequests: false, sevisBatch: false } },
    });
    expect(canActOnSite(a, 1, 'sendemail')).toBe(true);
    expect(canActOnSite(a, 1, 'editStudent')).toBe(false);
    expect(canActOnSite(a, 2, 'sendemail')).toBe(false);
    expect(canActOnSite(a, 1)).toBe(false);
  });
  it('student area needs super, officer, or assistant for some site', () => {
    expect(hasStudentAreaAccess(p({}))).toBe(false);
    expect(hasStudentAreaAccess(p({ isAssistant: true, assistantSites: [1] }))).toBe(true);
    expect(hasStudentAreaAccess(null)).toBe(false);
  });
});

describe("a person's campus sites and who reads their History Log (docs/product/audit.md#who-reads-which-history-log)", () => {
  it('a staff member belongs to the sites of their profile, or to every site', () => {
    expect(staffProfileSites(p({ isSuper: true }))).toBe('every');
    expect(staffProfileSites(p({ isOfficer: true }))).toBe('every');
    expect(staffProfileSites(p({ isOfficer: true, officerSites: [0] }))).toBe('every');
    expect(staffProfileSites(p({ isAssistant: true, assistantSites: [0] }))).toBe('every');
    expect(staffProfileSites(p({ isOfficer: true, officerSites: [1], isAssistant: true, assistantSites: [2, 1] }))).toEqual([1, 2]);
    // Sites listed without the role that uses them are no reach.
    expect(staffProfileSites(p({ officerSites: [1], assistantSites: [2] }))).toEqual([]);
  });
  it('super users read everyone; officers a person of one of their sites, of every site or of none; nobody else', () => {
    const officerOf1 = p({ isOfficer: true, officerSites: [1] });
    expect(reachesPersonSites(officerOf1, [1])).toBe(true);
    expect(reachesPersonSites(officerOf1, [2, 1])).toBe(true);
    expect(reachesPersonSites(officerOf1, [2])).toBe(false);
    expect(reachesPersonSites(officerOf1, [])).toBe(true);
    expect(reachesPersonSites(officerOf1, 'every')).toBe(true);
    expect(reachesPersonSites(p({ isOfficer: true }), [2])).toBe(true);
    expect(reachesPersonSites(p({ isSuper: true }), [2])).toBe(true);
    expect(reachesPersonSites(p({ isAssistant: true, assistantSites: [2] }), [2])).toBe(false);
    expect(reachesPersonSites(null, [])).toBe(false);
  });
});

describe('function-level permissions', () => {
  it('only super users change institution settings; students and scholars manage no staff', () => {
    expect(can(staffActor({ isSuper: true }), 'institutions.settings.update')).toBe(true);
    expect(can(staffActor({ isOfficer: true }), 'institutions.settings.update')).toBe(false);
    expect(can({ role: 'ISSSstudent', staff: null, isDepartmentAdmin: false }, 'people.staff.read')).toBe(false);
    expect(can(null, 'authenticated')).toBe(false);
    expect(can(null, 'public')).toBe(true);
  });
});

describe('nobody grants what they do not hold', () => {
  const officerMain = p({ isOfficer: true, officerSites: [1] });
  it('an officer of site 1 may grant assistant or officer for site 1 only', () => {
    expect(firstUngrantable(officerMain, p({ isAssistant: true, assistantSites: [1] }))).toBeNull();
    expect(firstUngrantable(officerMain, p({ isOfficer: true, officerSites: [1] }))).toBeNull();
    expect(firstUngrantable(officerMain, p({ isOfficer: true, officerSites: [2] }))).toBe('officerSites');
    expect(firstUngrantable(officerMain, p({ isOfficer: true, officerSites: [] }))).toBe('officerSites');
    expect(firstUngrantable(officerMain, p({ isSuper: true }))).toBe('isSuper');
    expect(firstUngrantable(officerMain, p({ websiteContent: true }))).toBe('websiteContent');
  });
  it('a super user may grant anything', () => {
    expect(firstUngrantable(p({ isSuper: true }), p({ isSuper: true, websiteContent: true }))).toBeNull();
  });
});
