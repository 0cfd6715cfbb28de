import type { identityLinksApi as A } from '@meridian/domain';
import { KIND_OF, type TAccountRow } from './queries/accounts.query.js';
import { ssoIdentityOf, type TSsoFacts } from './queries/sso.query.js';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '(no name)';

/** An account row as the page shows it: the account, its record with the campus system's id, its single sign-on identity. */
export function presentAccount(a: TAccountRow, sso: TSsoFacts | null): A.TIdentityLinkRow {
  const kind = KIND_OF[a.role] ?? 'student';
  const record: A.TLinkedRecord | null =
    kind === 'student'
      ? a.profileId
        ? { id: a.profileId, name: nameOf(a.profileFirstName, a.profileLastName), externalId: a.campusId, placeName: a.siteName }
        : null
      : a.scholarId
        ? { id: a.scholarId, name: nameOf(a.scholarFirstName, a.scholarLastName), externalId: a.employeeId, placeName: a.departmentName }
        : null;
  return {
    userId: a.userId,
    kind,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    userName: a.userName,
    isActive: a.isActive,
    campusSiteName: kind === 'student' ? a.siteName : null,
    record,
    sso: ssoIdentityOf(sso, a),
  };
}
