import type { TBranding, TInstitutionSettings, TUpdateInstitutionSettingsInput } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { storeInstitutionSettings } from '../../../platform/tenancy/institutions.js';
import { loadSettings } from '../settings.js';

/** Branding for the login page: read on every load, so a change needs no rebuild. */
export async function getBranding(ctx: TContext): Promise<TBranding> {
  const s = await ctx.db((tx) => loadSettings(tx, ctx.institutionId));
  return {
    accountName: s.accountName,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    logoImageURL: s.logoImageURL,
    loginWelcomeText: s.loginWelcomeText,
    loginButtonText: s.loginButtonText,
    showCampusIdLoginBtn: s.showCampusIdLoginBtn,
    // Single sign-on arrives with its own issue; until an identity provider is configured the button stays hidden.
    hasIdentityProvider: false,
    NewStudentUIEnabled: s.NewStudentUIEnabled,
    IsScholarEnabled: s.IsScholarEnabled,
    scholarSisUpdatesFlag: s.scholarSisUpdatesFlag,
    Remote_login_url: s.Remote_login_url,
    Remote_logout_url: s.Remote_logout_url,
  };
}

export async function getInstitutionSettings(ctx: TContext): Promise<TInstitutionSettings> {
  return ctx.db((tx) => loadSettings(tx, ctx.institutionId));
}

/** Replaces the settings; audited with before and after. */
export async function updateInstitutionSettings(ctx: TContext, input: TUpdateInstitutionSettingsInput): Promise<TInstitutionSettings> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadSettings(tx, ctx.institutionId);
    const after = { ...before, ...input };
    await storeInstitutionSettings(tx, ctx.institutionId, after);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'institution',
      entityId: ctx.institutionId,
      action: 'institution.settings.updated',
      before,
      after,
      ip: ctx.ip,
    });
    return after;
  });
}
