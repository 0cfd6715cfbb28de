import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { outbox } from '../../../platform/mail/schema.js';

export type TOutboxRow = typeof outbox.$inferSelect;

/**
 * Which of the institution's mail a staff member sees (docs/product/messages.md#who-sees-which-mail): super
 * users and officers all of it; an assistant the mail about student records at their campus sites (the same
 * reach as the student list) and the mail they sent themselves; anyone else none. The institution itself is
 * the database's row-level security.
 */
export function sentMailScope(actor: TAuthenticatedActor): SQL {
  const p = actor.staff;
  if (actor.role !== 'isssAdmin' || !p) return sql`false`;
  if (p.isSuper || p.isOfficer) return sql`true`;
  if (!p.isAssistant) return sql`false`;
  // The student list's reach for an assistant (students/student.policy.ts siteFilter): records at their
  // sites, any site's with 0; a record without a site is an officer's. Written against the table's name:
  // the students module uses this one, so this one does not import it.
  const sites = p.assistantSites.filter((s) => Number.isInteger(s));
  const atSites = sites.includes(0)
    ? sql`sp.campus_site_id is not null`
    : sites.length
      ? sql`sp.campus_site_id in (${sql.join(
          sites.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`(${eq(outbox.sentBy, actor.userId)} or exists (select 1 from student_profiles sp where sp.id = ${outbox.profileId} and ${atSites}))`;
}

/** One message the actor may see; 404 otherwise (another institution's or out of reach: its existence must not leak). */
export async function getAccessibleMail(tx: TTx, ctx: TContext, messageId: string): Promise<TOutboxRow> {
  const actor = requireActor(ctx);
  const [row] = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, messageId), sentMailScope(actor)));
  if (!row) throw notFound();
  return row;
}
