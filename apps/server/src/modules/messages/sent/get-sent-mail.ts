import { sql } from 'drizzle-orm';
import { can, type messagesApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { getAccessibleMail, type TOutboxRow } from './sent-mail.policy.js';
import { presentItem, shownBody } from './sent-mail.presenter.js';

type TAbout = messagesApi.TMailAbout;

const name = (first: string | null, last: string | null) => [last, first].filter((x) => x && x.trim()).join(', ') || '(no name)';

/**
 * What a message is about, for a link (docs/product/messages.md#sent-email): the student record, else the
 * scholar's case, else the request, else the recipient's account. Read with the actor's institution only
 * (row-level security); the page it links to applies its own check when opened.
 */
async function about(tx: TTx, m: TOutboxRow): Promise<TAbout | null> {
  if (m.profileId) {
    const r = await tx.execute<{ first_name: string; last_name: string }>(
      sql`select first_name, last_name from student_profiles where id = ${m.profileId}`,
    );
    const p = r.rows[0];
    if (p) return { kind: 'student', id: m.profileId, caseId: null, label: `Student record: ${name(p.first_name, p.last_name)}` };
  }
  if (m.scholarId || m.scholarApplicationId) {
    const r = await tx.execute<{ id: string; case_id: string | null; first_name: string; last_name: string }>(
      m.scholarApplicationId
        ? sql`select s.id, a.id as case_id, s.first_name, s.last_name from scholar_applications a join scholars s on s.id = a.scholar_id where a.id = ${m.scholarApplicationId}`
        : sql`select s.id, null as case_id, s.first_name, s.last_name from scholars s where s.id = ${m.scholarId}`,
    );
    const s = r.rows[0];
    if (s) return { kind: 'scholar', id: s.id, caseId: s.case_id, label: `Scholar: ${name(s.first_name, s.last_name)}` };
  }
  if (m.requestId) {
    const r = await tx.execute<{ number: number }>(sql`select number from requests where id = ${m.requestId}`);
    const q = r.rows[0];
    if (q) return { kind: 'request', id: m.requestId, caseId: null, label: `Request #${q.number}` };
  }
  if (m.userId) {
    const r = await tx.execute<{ first_name: string; last_name: string }>(
      sql`select first_name, last_name from users where id = ${m.userId}`,
    );
    const u = r.rows[0];
    if (u) return { kind: 'account', id: m.userId, caseId: null, label: `Account: ${name(u.first_name, u.last_name)}` };
  }
  return null;
}

/** The detail of one message the actor may see, built in the caller's transaction. */
export async function presentDetail(tx: TTx, ctx: TContext, m: TOutboxRow): Promise<messagesApi.TSentMailDetail> {
  let sentBy: messagesApi.TSentMailDetail['sentBy'] = null;
  if (m.sentBy) {
    const r = await tx.execute<{ first_name: string; last_name: string }>(
      sql`select first_name, last_name from users where id = ${m.sentBy}`,
    );
    const u = r.rows[0];
    sentBy = { id: m.sentBy, name: u ? `${u.first_name} ${u.last_name}`.trim() : '(deleted user)' };
  }
  return {
    ...presentItem(m),
    textBody: shownBody(m.purpose, m.textBody),
    htmlBody: shownBody(m.purpose, m.htmlBody),
    attempts: m.attempts,
    smtpResponse: m.smtpResponse,
    lastError: m.lastError,
    sentBy,
    about: await about(tx, m),
    canResend: m.status === 'failed' && can(ctx.actor, 'messages.sent.resend') && !!ctx.services.config.smtpUrl,
  };
}

/** One sent message (404 outside the actor's scope). */
export async function getSentMail(ctx: TContext, messageId: string): Promise<messagesApi.TSentMailDetail> {
  return ctx.db(async (tx) => presentDetail(tx, ctx, await getAccessibleMail(tx, ctx, messageId)));
}
