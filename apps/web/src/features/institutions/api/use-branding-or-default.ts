import type { TBranding } from '@meridian/domain';
import { useBranding } from './get-branding';

/** Spec 000 s1 defaults: teal and gold, the Scholar Module welcome and the institution button. */
export const DEFAULT_BRANDING: TBranding = {
  accountName: '',
  primaryColor: '#00796B',
  secondaryColor: '#C99700',
  logoImageURL: '',
  loginWelcomeText: 'Welcome to the Scholar Module',
  loginButtonText: 'Log-in with institution credentials',
  showCampusIdLoginBtn: false,
  hasIdentityProvider: false,
  NewStudentUIEnabled: '0',
  IsScholarEnabled: true,
  scholarSisUpdatesFlag: false,
  Remote_login_url: '',
  Remote_logout_url: '',
};

/** Branding, or the defaults while it loads or when the server cannot give it. */
export function useBrandingOrDefault(): TBranding {
  const { data } = useBranding();
  return data ?? DEFAULT_BRANDING;
}
