import { eq } from 'drizzle-orm';
import type { TProcessedState } from '@meridian/domain';
import { provideAccountFacts } from '../auth/index.js';
import { registerSponsorshipListeners } from './operations/sponsorship-send.js';
import { scholars } from './schema.js';

/** What the scholars module adds to the layers below it. */
export function plugScholars(): void {
  // A scholar's sign-in lands on their case, and they belong to their hiring department.
  provideAccountFacts('scholar', async (tx, userId) => {
    const [s] = await tx.select().from(scholars).where(eq(scholars.userId, userId));
    return {
      scholarId: s?.id ?? null,
      scholarApplicationId: s?.currentApplicationId ?? null,
      processedState: (s?.processedState ?? '') as TProcessedState,
      departmentId: s?.departmentId ?? null,
    };
  });
  registerSponsorshipListeners();
}
