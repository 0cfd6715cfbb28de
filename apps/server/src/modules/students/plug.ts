import { eq } from 'drizzle-orm';
import type { TStudentStage } from '@meridian/domain';
import { provideAccountFacts } from '../auth/index.js';
import { studentProfiles } from './schema.js';

/** What the students module adds to the layers below it. */
export function plugStudents(): void {
  // A student's sign-in lands on their record's stage.
  provideAccountFacts('ISSSstudent', async (tx, userId) => {
    const [p] = await tx
      .select({ id: studentProfiles.id, stage: studentProfiles.currentStage })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId));
    return { profileId: p?.id ?? null, currentStage: (p?.stage as TStudentStage | undefined) ?? null };
  });
}
