import { inArray } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { queueBrandedMail } from '../institutions/index.js';
import { users } from '../people/index.js';
import { notifications } from './schema.js';

export interface TNotifyInput {
  userIds: string[];
  /** Shown in the bell, one line. */
  text: string;
  /** e.g. request.submitted, request.approved */
  typeName: string;
  /**
   * What the notice is about, so the bell opens it: a request, a scholar and their case, a student
   * record. Give every one the sender knows; the reader's page is chosen from them by their role.
   */
  requestId?: string | null;
  scholarId?: string | null;
  scholarApplicationId?: string | null;
  profileId?: string | null;
  /** Also e-mail each recipient (recorded in the outbox either way). */
  /** `html`: the body of an office-edited e-mail template (docs/product/messages.md#system-messages); null: from the text. */
  email?: { subject: string; text: string; html?: string | null } | null;
}

/** Notifies people in the app (the bell) and, when asked, by e-mail; in the caller's transaction. */
export async function notify(tx: TTx, ctx: TContext, input: TNotifyInput): Promise<void> {
  const ids = [...new Set(input.userIds)].filter(Boolean);
  if (ids.length === 0) return;
  const recipients = await tx
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, ids));
  const active = recipients.filter((r) => r.isActive);
  if (active.length === 0) return;
  await tx.insert(notifications).values(
    active.map((r) => ({
      institutionId: ctx.institutionId,
      userId: r.id,
      text: input.text,
      typeName: input.typeName,
      requestId: input.requestId ?? null,
      scholarId: input.scholarId ?? null,
      scholarApplicationId: input.scholarApplicationId ?? null,
      profileId: input.profileId ?? null,
    })),
  );
  if (input.email) {
    for (const r of active) {
      await queueBrandedMail(tx, ctx, {
        to: r.email,
        subject: input.email.subject,
        text: input.email.text,
        bodyHtml: input.email.html ?? null,
        purpose: input.typeName,
        userId: r.id,
        requestId: input.requestId ?? null,
        profileId: input.profileId ?? null,
        scholarId: input.scholarId ?? null,
        scholarApplicationId: input.scholarApplicationId ?? null,
      });
    }
  }
}
