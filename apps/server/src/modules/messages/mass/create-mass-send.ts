import { inArray, sql } from 'drizzle-orm';
import { messagesApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { mailOptOuts } from '../../../platform/mail/schema.js';
import { loadTemplate } from '../templates/template-store.js';
import { presentDetail } from './mass-send-store.js';
import { assertKindFits, cleanWording, renderMassCopy } from './render-mass-copy.js';
import { listRecipients, recipientLabel, type TMassRecipient } from './recipient-sources.js';
import { massSendRecipients, massSends } from './schema.js';

const M = messagesApi.MSG_MASS_EMAIL;
const MAX = messagesApi.MASS_SEND_MAX_RECIPIENTS;
const invalid = (field: string, message: string) => new AppError(422, 'VALIDATION', message, { [field]: [message] });

/** The records a choice reaches; a hand-picked record the actor may not e-mail is named on the recipients field. */
async function reach(tx: TTx, ctx: TContext, source: messagesApi.TMassRecipientSource): Promise<TMassRecipient[]> {
  const rows = await listRecipients(tx, ctx, source, MAX + 1).catch((e: unknown) => {
    if (e instanceof AppError && (e.statusCode === 404 || e.statusCode === 403)) throw invalid('recipients', M.recipientNotFound);
    throw e;
  });
  if (!rows.length) throw invalid('recipients', M.noRecipients);
  if (rows.length > MAX) throw invalid('recipients', M.tooManyRecipients);
  return rows;
}

/** Why a recipient will not be sent the message: no address, or (bulk mail only) they unsubscribed. */
async function skipReasons(tx: TTx, rows: TMassRecipient[], isCompliance: boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const addresses = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(Boolean))];
  const optedOut = new Set<string>();
  // Compliance notices are a duty of the office: an unsubscribe from bulk mail does not stop them.
  if (!isCompliance)
    for (let i = 0; i < addresses.length; i += 1000) {
      const found = await tx
        .select({ address: mailOptOuts.address })
        .from(mailOptOuts)
        .where(inArray(mailOptOuts.address, addresses.slice(i, i + 1000)));
      for (const f of found) optedOut.add(f.address);
    }
  for (const r of rows) {
    const a = r.email.trim().toLowerCase();
    if (!a || !a.includes('@')) out.set(r.recordId, M.noAddress);
    else if (optedOut.has(a)) out.set(r.recordId, M.optedOut);
  }
  return out;
}

/** How many records a choice reaches and how many would be skipped, with the first 25 (docs/product/messages.md#choosing-recipients). */
export async function previewMassRecipients(
  ctx: TContext,
  input: { recordKind: messagesApi.TMassRecordKind; recipients: messagesApi.TMassRecipientSource; isCompliance: boolean },
): Promise<messagesApi.TMassRecipientsPreview> {
  assertKindFits(input.recordKind, input.recipients);
  return ctx.db(async (tx) => {
    const rows = await listRecipients(tx, ctx, input.recipients, MAX + 1).catch((e: unknown) => {
      if (e instanceof AppError && (e.statusCode === 404 || e.statusCode === 403)) throw invalid('recipients', M.recipientNotFound);
      throw e;
    });
    const skip = await skipReasons(tx, rows, input.isCompliance);
    return {
      total: rows.length,
      willSkip: skip.size,
      sample: rows.slice(0, 25).map((r) => ({
        recordId: r.recordId,
        name: r.name,
        address: r.email,
        cc: r.ccEmail,
        skipReason: skip.get(r.recordId) ?? null,
      })),
    };
  });
}

/** One recipient's copy as it would be sent (the record read in the actor's scope: 404 outside it). */
export async function previewMassMessage(
  ctx: TContext,
  input: { recordKind: messagesApi.TMassRecordKind; subject: string; bodyHtml: string; recordId: string },
): Promise<messagesApi.TMassMessagePreview> {
  const wording = cleanWording(input.recordKind, input.subject, input.bodyHtml);
  return ctx.db((tx) => renderMassCopy(tx, ctx, input.recordKind, input.recordId, wording.subject, wording.bodyHtml));
}

/**
 * Creates a mass e-mail (docs/product/messages.md#sending-a-mass-e-mail): checks the wording, fixes the
 * recipients in one transaction (each with the reason it will be skipped, if it will), then starts the job
 * that queues the copies: now, or at the chosen time (the job waits in the queue until then).
 */
export async function createMassSend(ctx: TContext, input: messagesApi.TMassSendInput): Promise<messagesApi.TMassSendDetail> {
  const actor = requireActor(ctx);
  const parsed = messagesApi.ZMassSendInput.parse(input);
  assertKindFits(parsed.recordKind, parsed.recipients);
  const wording = cleanWording(parsed.recordKind, parsed.subject, parsed.bodyHtml);
  const now = Date.now();
  const sendAt = parsed.sendAt ? new Date(parsed.sendAt) : null;
  if (sendAt && sendAt.getTime() < now - 60_000) throw invalid('sendAt', M.sendAtPast);
  const scheduled = !!sendAt && sendAt.getTime() > now + 5_000;
  const created = await ctx.db(async (tx) => {
    if (parsed.templateId)
      await loadTemplate(tx, parsed.templateId).catch(() => Promise.reject(invalid('templateId', 'Choose a template from the list.')));
    const rows = await reach(tx, ctx, parsed.recipients);
    const skip = await skipReasons(tx, rows, parsed.isCompliance);
    const [send] = await tx
      .insert(massSends)
      .values({
        institutionId: ctx.institutionId,
        createdBy: actor.userId,
        recordKind: parsed.recordKind,
        recipientSource: parsed.recipients,
        recipientLabel: recipientLabel(parsed.recipients),
        subject: wording.subject,
        bodyHtml: wording.bodyHtml,
        templateId: parsed.templateId,
        ccDepartment: parsed.ccDepartment,
        isCompliance: parsed.isCompliance,
        sendAt: sendAt && scheduled ? sendAt : sql`now()`,
        status: scheduled ? 'scheduled' : 'preparing',
        totalCount: rows.length,
        skippedCount: skip.size,
      })
      .returning();
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(massSendRecipients).values(
        rows.slice(i, i + 1000).map((r) => {
          const reason = skip.get(r.recordId) ?? null;
          return {
            institutionId: ctx.institutionId,
            massSendId: send!.id,
            recordId: r.recordId,
            name: r.name,
            address: r.email.trim(),
            cc: parsed.ccDepartment && r.ccEmail?.includes('@') ? r.ccEmail.trim() : null,
            status: reason ? 'skipped' : 'pending',
            reason,
          };
        }),
      );
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'massEmail',
      entityId: send!.id,
      action: scheduled ? 'massEmail.scheduled' : 'massEmail.sent',
      before: null,
      after: {
        subject: wording.subject,
        recipients: send!.recipientLabel,
        total: rows.length,
        skipped: skip.size,
        isCompliance: parsed.isCompliance,
        sendAt: send!.sendAt.toISOString(),
      },
      ip: ctx.ip,
    });
    return send!;
  });
  await startMassSendJob(ctx, created.id, scheduled ? created.sendAt : undefined);
  return ctx.db(async (tx) =>
    presentDetail(
      tx,
      (
        await tx
          .select()
          .from(massSends)
          .where(sql`${massSends.id} = ${created.id}`)
      )[0]!,
    ),
  );
}

/** Starts (or sets for later) the job that queues a send's waiting recipients, and remembers it on the send. */
export async function startMassSendJob(ctx: TContext, massSendId: string, startAfter?: Date): Promise<void> {
  const job = await ctx.services.jobs.enqueue(ctx, messagesApi.MASS_SEND_JOB, { massSendId }, { startAfter });
  await ctx.db((tx) =>
    tx
      .update(massSends)
      .set({ jobId: job.id })
      .where(sql`${massSends.id} = ${massSendId}`),
  );
}
