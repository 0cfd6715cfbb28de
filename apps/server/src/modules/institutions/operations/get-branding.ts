import type { TBranding } from '@meridian/domain';
import { type TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../settings.js';

/** Branding for the login page: read on every load, so a change needs no rebuild. */
export async function getBranding(ctx: TContext): Promise<TBranding> {
  const s = await ctx.db((tx) => loadSettings(tx, ctx.institutionId));
  return {
    accountName: s.accountName,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    // An uploaded logo (served from Meridian) comes before the logo address.
    logoImageURL: s.logoUpload?.url ?? s.logoImageURL,
    loginWelcomeText: s.loginWelcomeText,
    studentLoginWelcomeText: s.studentLoginWelcomeText,
    loginButtonText: s.loginButtonText,
    showCampusIdLoginBtn: s.showCampusIdLoginBtn,
    // Single sign-on is not built yet (docs/product/auth.md#login-pages); until an identity provider is configured the
    // button stays hidden.
    hasIdentityProvider: false,
    NewStudentUIEnabled: s.NewStudentUIEnabled,
    IsScholarEnabled: s.IsScholarEnabled,
    scholarSisUpdatesFlag: s.scholarSisUpdatesFlag,
    Remote_login_url: s.Remote_login_url,
    Remote_logout_url: s.Remote_logout_url,
    timeZone: s.timeZone,
  };
}
