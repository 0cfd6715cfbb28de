import { loadScholarDashboardPage } from '../features/scholars';
import { loadMyWorkPage } from '../features/work';
import { SHELL_PREVIEWS } from './shell-previews';

/**
 * The page each staff shell opens on: where sign-in (app/landing.ts) and the shell's bare address lead. The router
 * asks for it together with the shell's page table when an address opens on it (app/router.tsx);
 * its route loads it through the same function. Until it arrives it is previewed (shell-previews.ts).
 */
export const SHELL_HOMES = {
  admin: { path: SHELL_PREVIEWS.admin.path, load: loadScholarDashboardPage },
  isss: { path: SHELL_PREVIEWS.isss.path, load: loadMyWorkPage },
} as const;
