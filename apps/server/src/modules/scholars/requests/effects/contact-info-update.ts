import { applicationDataWith, NOTHING_CHANGED, recordChange, str, type TApproveScholarRequest, type TRecordSet } from './scholar-effect.js';

/**
 * Approving a contact update: the U.S. address, phone and e-mail given change the scholar's application form
 * (and the e-mail the office writes to; the sign-in name stays) and, for a J-1 with its exchange visitor record,
 * the record, which queues SEVIS's PersonalInfo address update.
 */
export const approveContactInfoUpdate: TApproveScholarRequest = ({ d, c, ev }) => {
  const application: Record<string, unknown> = {};
  const record: TRecordSet = {};
  if (str(d, 'us_address_line_1')) {
    const line2 = str(d, 'us_address_line_2');
    application.usAddressStreet = line2 ? `${str(d, 'us_address_line_1')}, ${line2}` : str(d, 'us_address_line_1');
    application.usAddressCity = str(d, 'us_city');
    application.usAddressState = str(d, 'us_state');
    application.usAddressZip = str(d, 'us_zip_code');
    record.usAddress = {
      line1: str(d, 'us_address_line_1'),
      line2,
      city: str(d, 'us_city'),
      state: str(d, 'us_state'),
      postalCode: str(d, 'us_zip_code'),
      countryCode: 'US',
    };
  }
  if (str(d, 'new_phone')) application.phone = record.phone = str(d, 'new_phone');
  if (str(d, 'new_email')) application.email = record.email = str(d, 'new_email');
  if (!Object.keys(application).length) return { auditAction: 'scholar.contact-update-approved', told: NOTHING_CHANGED };
  return {
    auditAction: 'scholar.contact-updated',
    told: `Your contact information is updated${ev ? '; the office will report it to SEVIS' : ''}.`,
    caseSet: { data: applicationDataWith(c, application) },
    ...(record.email ? { scholarSet: { email: record.email } } : {}),
    ...(ev ? { onRecord: recordChange(record, 'student.contact-updated') } : {}),
  };
};
