import { z } from 'zod';

/** The user roles (docs/product/people.md#roles). Staff are isssAdmin with a permission profile. */
export const ROLES = ['scholar', 'department', 'ISSSstudent', 'isssAdmin', 'advisor'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Student stages (docs/product/students-records.md#stages). */
export const STUDENT_STAGES = ['invited', 'pre_arrival', 'check_in', 'continuing', 'postcompletion_graduated', 'archived'] as const;
export const ZStudentStage = z.enum(STUDENT_STAGES);
export type TStudentStage = z.infer<typeof ZStudentStage>;

/** Scholar processed states (docs/product/scholars-portal.md#application-pages); '' means not yet processed. */
export const PROCESSED_STATES = [
  '',
  'H-1B',
  'H-1BExtension',
  'H-1BAmendment',
  'O-1',
  'O-1Amendment',
  'o1Extension',
  'J-1',
  'F-1 OPT/STEM',
] as const;
export const ZProcessedState = z.enum(PROCESSED_STATES);
export type TProcessedState = z.infer<typeof ZProcessedState>;
