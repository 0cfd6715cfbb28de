import { describe, expect, it } from 'vitest';
import { landingPathFor, scholarPathFor, studentPathFor } from './landing';

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
    const base = { processedState: null, currentStage: null, profileId: null };
    expect(landingPathFor({ ...base, userRole: 'isssAdmin' })).toBe('/admin/dashboard');
    expect(landingPathFor({ ...base, userRole: 'department' })).toBe('/scholar/deptDashboard');
    expect(landingPathFor({ ...base, userRole: 'advisor' })).toBeNull();
  });
});
