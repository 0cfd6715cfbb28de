import { sql } from 'drizzle-orm';
import { MSG, type TSetupInput } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashPassword, isGuessablePassword } from '../../../platform/auth/passwords.js';
import { AppError, fieldError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { DEFAULT_SETTINGS } from '../../institutions/index.js';
import { countInstitutions, createInstitution } from '../../../platform/tenancy/institutions.js';
import { createFirstSuperUser } from '../../people/index.js';

/** First start of a real office: the institution and its first super user, only on an empty database. */
export async function completeSetup(ctx: TContext, input: TSetupInput): Promise<{ ok: true }> {
  const { database, tenancy } = ctx.services;
  if (isGuessablePassword(input.password, input.institutionName, [input.userName, input.firstName, input.lastName])) {
    throw fieldError('password', MSG.commonPassword);
  }
  const passwordHash = await hashPassword(input.password);
  await database.owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await countInstitutions(tx)) > 0) throw new AppError(409, 'SETUP_DONE', MSG.setupDone);
    const inst = await createInstitution(tx, {
      name: input.institutionName,
      timeZone: input.timeZone,
      settings: {
        ...DEFAULT_SETTINGS,
        accountName: input.institutionName,
        primaryColor: input.primaryColor,
        secondaryColor: input.secondaryColor,
        publicBaseUrl: input.publicBaseUrl.replace(/\/+$/, ''),
      },
    });
    const admin = await createFirstSuperUser(tx, inst.id, {
      userName: input.userName,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
    });
    await writeAudit(tx, {
      institutionId: inst.id,
      actorUserId: admin.id,
      entityType: 'institution',
      entityId: inst.id,
      action: 'institution.created-by-setup',
      ip: ctx.ip,
    });
  });
  tenancy.invalidate();
  return { ok: true };
}
