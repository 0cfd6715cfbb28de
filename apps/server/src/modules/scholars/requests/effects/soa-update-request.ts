import { isChecked } from '@meridian/domain';
import { notFound } from '../../../../platform/errors/app-error.js';
import { changeSiteOfActivity } from '../../../students/index.js';
import { str, type TApproveScholarRequest } from './scholar-effect.js';

export const SITE_NOT_ON_RECORD = 'The site of activity this request changes is not on the exchange visitor record any more.';

/**
 * Approving a change of a site of activity: the site of the exchange visitor record the request chose takes the
 * values given (an empty field keeps the site's), through the students module's changeSiteOfActivity, which
 * queues SEVIS's SiteOfActivity/Edit (found by the name SEVIS knows, NewSiteName when renamed; EV schema 6.27).
 */
export const approveSoaUpdateRequest: TApproveScholarRequest = ({ d, rule }) => {
  const site = rule.sites.find((s) => s.id === str(d, 'soa_site_id'));
  const name = str(d, 'soa_site_name') || site?.name || '';
  return {
    auditAction: 'scholar.site-of-activity.updated',
    told: `The site of activity ${name} is updated; the office will report it to SEVIS.`,
    onRecord: async (tx, ctx, ev, requestId) => {
      if (!site) throw notFound(SITE_NOT_ON_RECORD);
      const or = (field: string, now: string) => str(d, field) || now;
      await changeSiteOfActivity(
        tx,
        ctx,
        ev,
        site.id,
        {
          name,
          address: {
            line1: or('soa_address_line_1', site.address.line1),
            line2: or('soa_address_line_2', site.address.line2),
            city: or('soa_city', site.address.city),
            state: or('soa_state', site.address.state),
            postalCode: or('soa_zip_code', site.address.postalCode),
            countryCode: 'US',
          },
          isPrimary: site.isPrimary || isChecked(d.soa_primary),
        },
        requestId,
      );
    },
  };
};
