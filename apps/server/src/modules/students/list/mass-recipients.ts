import { inArray } from 'drizzle-orm';
import { canActOnSite, type messagesApi, STUDENT_LIST_TITLES } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import type { TMassRecipient } from '../../messages/index.js';
import { studentProfiles } from '../schema.js';
import { staffReachesProfile } from '../student.policy.js';
import { listStudentsQuery } from './queries/list-students.query.js';

type TListSource = Extract<messagesApi.TMassRecipientSource, { type: 'studentList' }>;
type TIdsSource = Extract<messagesApi.TMassRecipientSource, { type: 'students' }>;

/**
 * May the actor e-mail a student of this campus site (docs/product/messages.md#who-may-send-mass-e-mail)?
 * Super users any; officers their sites (and records of no site); assistants the sites where they hold the
 * sendemail flag.
 */
function mayEmail(actor: TAuthenticatedActor, siteId: number | null): boolean {
  const staff = actor.staff;
  if (actor.role !== 'isssAdmin' || !staff) return false;
  if (staff.isSuper) return true;
  if (siteId === null) return staff.isOfficer;
  return canActOnSite(staff, siteId, 'sendemail');
}

const nameOf = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/**
 * The students of a Student List title with its filters: the list's own query (same title, filters and the
 * actor's campus-site scope), then only the sites where the actor may send e-mail. Students have no
 * department contact to copy.
 */
export async function studentListRecipients(tx: TTx, ctx: TContext, source: TListSource, limit: number): Promise<TMassRecipient[]> {
  const actor = requireActor(ctx);
  const { rows } = await listStudentsQuery(
    tx,
    actor,
    ctx.institutionId,
    { ...source.filters, title: source.title, sort: 'name', order: 'asc', page: 1, pageSize: limit },
    { today: ctx.today(), total: 0 },
  );
  return rows
    .filter((r) => mayEmail(actor, r.campusSiteId))
    .map((r) => ({ recordId: r.id, name: nameOf(r), email: r.email, ccEmail: null }));
}

/** Hand-picked student records: each one the actor may read and e-mail, else not found. */
export async function pickedStudentRecipients(tx: TTx, ctx: TContext, source: TIdsSource): Promise<TMassRecipient[]> {
  const actor = requireActor(ctx);
  const ids = [...new Set(source.ids)];
  const rows = await tx.select().from(studentProfiles).where(inArray(studentProfiles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r || !staffReachesProfile(actor, r, 'read') || !mayEmail(actor, r.campusSiteId)) throw notFound();
    return { recordId: r.id, name: nameOf(r), email: r.email, ccEmail: null };
  });
}

const titleLabel = (key: string) => STUDENT_LIST_TITLES.find((t) => t.key === key)?.label ?? key;

export function studentListLabel(source: TListSource): string {
  const f = Object.entries(source.filters).filter(([, v]) => v !== undefined && v !== '');
  const filters = f.length ? ` (${f.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : '';
  return `Student List: ${titleLabel(source.title)}${filters}`;
}

export const pickedStudentsLabel = (source: TIdsSource) =>
  `${source.ids.length} chosen student record${source.ids.length === 1 ? '' : 's'}`;
