import { EMPTY_STAFF_PERMISSIONS, type TStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';
import { type TUserRow } from '../user-row.js';

/** The institution's first super user, created with the institution by the first set-up. */
export async function createFirstSuperUser(
  tx: TTx,
  institutionId: string,
  input: { userName: string; email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<TUserRow> {
  const permissions: TStaffPermissions = {
    isSuper: true,
    isOfficer: true,
    officerSites: [],
    isAssistant: false,
    assistantSites: [],
    assistantSettings: {},
    websiteContent: true,
    limitMenu: false,
    availableMenuItems: [],
    scholarArea: EMPTY_STAFF_PERMISSIONS.scholarArea,
  };
  const [admin] = await tx
    .insert(users)
    .values({ institutionId, ...input, role: 'isssAdmin', passwordChangedAt: new Date(), staffPermissions: permissions })
    .returning();
  return admin!;
}
