import { eq } from 'drizzle-orm';
import { notifications } from '../../src/modules/notifications/schema.js';
import type { TTestApp } from '../app.js';
import { only, owner } from './db.js';
import { userOf } from './people.js';

/** A bell notification of a user (by user name), unread, at a chosen time if told. */
export async function buildNotification(
  t: TTestApp,
  user: string,
  o: Partial<Omit<typeof notifications.$inferInsert, 'id' | 'userId'>> = {},
): Promise<typeof notifications.$inferSelect> {
  const institutionId = o.institutionId ?? t.institutionA;
  return only(
    await owner(t)
      .insert(notifications)
      .values({ text: 'Fixture notification', typeName: 'test', ...o, institutionId, userId: (await userOf(t, user, institutionId)).id })
      .returning(),
    'notification',
  );
}

/** An institution whose users have no notifications yet. */
export async function clearNotifications(t: TTestApp, institutionId = t.institutionA): Promise<void> {
  await owner(t).delete(notifications).where(eq(notifications.institutionId, institutionId));
}
