import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/index.js';
import type { TCaseRow } from '../scholar.policy.js';

/** The scholar's application page by processed state (docs/product/scholars-portal.md#application-pages), as the web app routes it. */
export function applicationPathFor(state: string, scholarId: string, applicationId: string): string {
  if (state.startsWith('H-1B')) return '/scholar/edith1application';
  if (state === 'O-1' || state === 'O-1Amendment') return '/scholar/edito1application';
  if (state === 'o1Extension') return `/scholar/edito1extension/${scholarId}/${applicationId}`;
  if (state === 'J-1') return '/scholar/editj1application';
  if (state === 'F-1 OPT/STEM') return '/scholar/editf1application';
  return '/scholar/reviewrequest';
}

/** The department users to tell about a case: who created it and the department's admins. */
export async function departmentRecipients(tx: TTx, c: TCaseRow): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'department'),
        eq(users.departmentId, c.departmentId),
        eq(users.isDepartmentAdmin, true),
        eq(users.isActive, true),
      ),
    );
  return [...new Set([...(c.createdBy ? [c.createdBy] : []), ...admins.map((a) => a.id)])];
}
