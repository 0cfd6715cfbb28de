import type { TCurrentUser } from '@meridian/domain';

/** "First Last", or the user name when no name is recorded. */
export function displayName(user: Pick<TCurrentUser, 'firstName' | 'lastName' | 'userName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.userName;
}
