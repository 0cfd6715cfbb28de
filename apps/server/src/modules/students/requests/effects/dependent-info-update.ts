import { dateOrNull, NOTHING_CHANGED, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a dependent update adds the dependent given to the record and queues SEVIS's Dependent / Add.
 * A J-2 also needs the DS-2019's purpose, which the officer completes on the record's SEVIS Updates tab.
 */
export function approveDependentInfoUpdate(d: TData): TApprovalEffect {
  if (!str(d, 'dependent_first_name')) return { auditAction: 'student.dependent-update-approved', told: NOTHING_CHANGED };
  return {
    auditAction: 'student.dependent.added',
    told: `${str(d, 'dependent_first_name')} ${str(d, 'dependent_last_name')} is added to your record; the office will report it to SEVIS.`,
    dependent: {
      firstName: str(d, 'dependent_first_name'),
      lastName: str(d, 'dependent_last_name'),
      relationshipCode: str(d, 'dependent_relationship'),
      gender: str(d, 'dependent_gender'),
      birthDate: dateOrNull(d, 'dependent_birth_date'),
      birthCity: str(d, 'dependent_birth_city'),
      birthCountryCode: str(d, 'dependent_birth_country'),
      citizenshipCountryCode: str(d, 'dependent_citizenship_country'),
      permanentResidenceCountryCode: str(d, 'dependent_residence_country'),
      needsSevisUpdate: true,
    },
  };
}
