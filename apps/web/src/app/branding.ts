import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, institutionsApi, type TBranding } from '@meridian/domain';
import { apiCall } from './http/api-call';

// The institution's public branding is app-wide: the theme, the login page, the shells and every
// page title read it, before and after sign-in (the institutions feature edits it).

export const brandingQueryKey = ['branding'] as const;

/** The branding query (main.tsx asks for it before React starts, the hooks below read it). */
export const brandingQuery = queryOptions({
  queryKey: brandingQueryKey,
  queryFn: ({ signal }) => apiCall(institutionsApi.getBranding, { signal }),
  staleTime: 5 * 60_000,
  // The login page falls back to the default look; no toast for a missing branding.
  meta: { errorHandling: 'local' },
});

/** Public branding: colours, logo, login texts and feature flags (read before sign-in). */
export function useBranding() {
  return useQuery(brandingQuery);
}

/** The defaults: teal and gold, the Scholar Module welcome and the institution button. */
export const DEFAULT_BRANDING: TBranding = {
  accountName: '',
  primaryColor: '#00796B',
  secondaryColor: '#C99700',
  logoImageURL: '',
  loginWelcomeText: 'Welcome to the Scholar Module',
  studentLoginWelcomeText: institutionsApi.STUDENT_LOGIN_WELCOME_DEFAULT,
  loginButtonText: 'Log-in with institution credentials',
  showCampusIdLoginBtn: false,
  hasIdentityProvider: false,
  NewStudentUIEnabled: '0',
  IsScholarEnabled: true,
  scholarSisUpdatesFlag: false,
  Remote_login_url: '',
  Remote_logout_url: '',
  timeZone: DEFAULT_TIME_ZONE,
};

/** Branding, or the defaults while it loads or when the server cannot give it. */
export function useBrandingOrDefault(): TBranding {
  const { data } = useBranding();
  return data ?? DEFAULT_BRANDING;
}
