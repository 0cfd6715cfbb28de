import { describe, expect, it } from 'vitest';
import { EMPTY_STAFF_PERMISSIONS, type TCurrentUser, type TStaffPermissions } from '@meridian/domain';
import { DEFAULT_BRANDING } from '../../app/branding';
import { actorOf, filterMenu } from '../common/menu';
import { SCHOLAR_ADMIN_MENU, STUDENT_ADMIN_MENU } from './admin-menus';

function ctxOf(p: Partial<TStaffPermissions>) {
  const user = {
    userId: '00000000-0000-4000-8000-000000000001',
    userName: 'officer',
    firstName: 'Olivia',
    lastName: 'Officer',
    email: 'officer@example.edu',
    userRole: 'isssAdmin',
    accountName: 'Demo University',
    staff: { ...EMPTY_STAFF_PERMISSIONS, ...p },
    isDepartmentAdmin: false,
    department: null,
    profileId: null,
    currentStage: null,
    scholarId: null,
    scholarApplicationId: null,
    processedState: null,
  } satisfies TCurrentUser;
  return { user, actor: actorOf(user), branding: { ...DEFAULT_BRANDING, NewStudentUIEnabled: '1' as const } };
}

// Work queues first, configuration last (docs/product/shells.md#scholar-admin-menu, #student-admin-menu).
describe('the admin menus', () => {
  it('scholar area: Requests is a work queue beside the Dashboard, no longer under Configuration', () => {
    const menu = filterMenu(SCHOLAR_ADMIN_MENU, ctxOf({ isOfficer: true, officerSites: [1] }));
    expect(menu.map((e) => e.label)).toEqual(['Dashboard', 'Requests', 'Analytics', 'Configuration']);
    expect(menu.find((e) => e.key === 'configuration')!.children!.map((e) => e.label)).not.toContain('Requests');
  });

  it('scholar area: Scholar HR Updates only while scholarSisUpdatesFlag is on, for those who may use it', () => {
    const on = (p: Partial<TStaffPermissions>) => {
      const ctx = ctxOf(p);
      return filterMenu(SCHOLAR_ADMIN_MENU, { ...ctx, branding: { ...ctx.branding, scholarSisUpdatesFlag: true } }).map((e) => e.label);
    };
    expect(on({ isOfficer: true, officerSites: [1] })).toEqual([
      'Dashboard',
      'Requests',
      'Analytics',
      'Scholar HR Updates',
      'Configuration',
    ]);
    expect(on({ isAssistant: true, assistantSites: [1] })).not.toContain('Scholar HR Updates');
  });

  it('student area: My work, the area’s home, comes first', () => {
    const menu = filterMenu(STUDENT_ADMIN_MENU, ctxOf({ isOfficer: true, officerSites: [1] }));
    expect(menu[0]).toMatchObject({ label: 'My work', path: '/isss/my-work' });
    // A staff member whose menu is limited to some entries keeps My work, their home.
    const limited = filterMenu(STUDENT_ADMIN_MENU, ctxOf({ isOfficer: true, limitMenu: true, availableMenuItems: ['student-list'] }));
    expect(limited.map((e) => e.label)).toEqual(['My work', 'Student List', 'Dashboard']);
  });
});
