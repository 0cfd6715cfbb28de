/** Session constants (docs/product/auth.md#sessions). Seconds unless named otherwise. */
export const SESSION = {
  accessTokenTtlS: 3600,
  refreshWithinS: 300,
  refreshCheckEveryMs: 10_000,
  warningCountdownS: 300,
  /** Ours (docs/product/auth.md#inactivity): 25 minutes idle, then the 5-minute dialog. */
  inactivityS: 25 * 60,
  refreshTokenTtlS: 12 * 3600,
  /** However often it is refreshed, a session ends this long after sign-in. */
  absoluteLifetimeS: 12 * 3600,
  resetLinkTtlS: 60 * 60,
  inviteLinkTtlS: 7 * 24 * 3600,
  /** Ours (docs/product/auth.md#sign-in-throttling): an e-mailed sign-in link works once within 15 minutes. */
  signInLinkTtlS: 15 * 60,
  toastMs: 5000,
  snackbarMs: 3000,
  resetSuccessLogoutMs: 4500,
  forgotSuccessRedirectMs: 3000,
  unknownRoleRedirectMs: 3000,
  departmentRedirectDelayMs: 1000,
} as const;
