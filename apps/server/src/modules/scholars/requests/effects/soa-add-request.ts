import { isChecked } from '@meridian/domain';
import { insertSiteOfActivity } from '../../../students/index.js';
import { str, type TApproveScholarRequest } from './scholar-effect.js';

/**
 * Approving a new site of activity: the exchange visitor record gets the site (students module
 * insertSiteOfActivity), which queues SEVIS's SiteOfActivity/Add (EV schema 6.27 AddSOA). The request's rules
 * asked for the record before it could be submitted; approval checks it again.
 */
export const approveSoaAddRequest: TApproveScholarRequest = ({ d }) => {
  const name = str(d, 'soa_site_name');
  return {
    auditAction: 'scholar.site-of-activity.added',
    told: `The site of activity ${name} is added to your program; the office will report it to SEVIS.`,
    onRecord: async (tx, ctx, ev, requestId) => {
      await insertSiteOfActivity(
        tx,
        ctx,
        ev,
        {
          name,
          address: {
            line1: str(d, 'soa_address_line_1'),
            line2: str(d, 'soa_address_line_2'),
            city: str(d, 'soa_city'),
            state: str(d, 'soa_state'),
            postalCode: str(d, 'soa_zip_code'),
            countryCode: 'US',
          },
          isPrimary: isChecked(d.soa_primary),
        },
        requestId,
      );
    },
  };
};
