import { provideAccountAccess } from '../people/index.js';
import { sendPasswordLink } from './password-links.js';
import { revokeAllSessions } from './session.service.js';

/** Sign-in's side of staff management: invitations and the end of sessions. */
export function plugAuth(): void {
  provideAccountAccess({
    sendInviteLink: (tx, ctx, user) => sendPasswordLink(tx, ctx, user, 'invite'),
    revokeAllSessions,
  });
}
