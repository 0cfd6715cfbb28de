import { can, type TActor, type TCurrentUser, type TProcessedState, type TStudentStage } from '@meridian/domain';
import { SHELL_PREVIEWS } from './shell-previews';

/** A scholar's application page by processed state. */
export function scholarPathFor(state: TProcessedState | null | undefined): string {
  switch (state) {
    case 'H-1B':
    case 'H-1BExtension':
    case 'H-1BAmendment':
      return '/scholar/edith1application';
    case 'O-1':
    case 'O-1Amendment':
      return '/scholar/edito1application';
    case 'o1Extension':
      return '/scholar/edito1extension';
    case 'J-1':
      return '/scholar/editj1application';
    case 'F-1 OPT/STEM':
      return '/scholar/editf1application';
    default:
      return '/scholar/reviewrequest';
  }
}

/** A student's page by current stage. */
export function studentPathFor(stage: TStudentStage | null | undefined, profileId: string | null | undefined): string {
  switch (stage) {
    case 'pre_arrival':
      return '/student/student-pre-arrival';
    case 'check_in':
      return '/student/student-check-in';
    case 'continuing':
    case 'archived':
    case 'postcompletion_graduated':
      return profileId ? `/student/student-service-menu/${encodeURIComponent(profileId)}` : '/student/welcome-wizard';
    default:
      return '/student/welcome-wizard';
  }
}

/**
 * A staff member's home, where their permissions point (docs/product/shells.md#where-staff-land): My work in
 * the student area for everyone who uses that area (super users, officers and assistants of a campus site),
 * the scholar dashboard for staff of the scholar side only.
 */
export function staffHomePath(actor: TActor): string {
  return can(actor, 'students.read') ? SHELL_PREVIEWS.isss.path : SHELL_PREVIEWS.admin.path;
}

type TLandingUser = Pick<TCurrentUser, 'userRole' | 'processedState' | 'currentStage' | 'profileId' | 'staff' | 'isDepartmentAdmin'>;

/** Where a signed-in user lands; null when the role may not use the portal (e.g. advisors). */
export function landingPathFor(user: TLandingUser): string | null {
  switch (user.userRole) {
    case 'scholar':
      return scholarPathFor(user.processedState);
    case 'department':
      return '/scholar/deptDashboard';
    case 'ISSSstudent':
      return studentPathFor(user.currentStage, user.profileId);
    case 'isssAdmin':
      return staffHomePath({ role: user.userRole, staff: user.staff, isDepartmentAdmin: user.isDepartmentAdmin });
    default:
      return null;
  }
}
