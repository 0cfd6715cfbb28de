import { DEPENDENT_REQUEST_FIELDS, dependentRequestChange, NEW_DEPENDENT, studentsApi } from '@meridian/domain';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { changeDependent, insertDependent } from '../../../students/index.js';
import { applicationDataWith, NOTHING_CHANGED, str, type TApproveScholarRequest } from './scholar-effect.js';

/** Said when the J-2 a request names is not on the exchange visitor record (a request's data is never trusted). */
export const J2_NOT_ON_RECORD = 'The dependent this request changes is not on the exchange visitor record.';

/**
 * Approving a Dependent Information Update (docs/product/scholars-portal.md#what-approval-does). With the
 * exchange visitor record, the J-2 chosen changes (SEVIS Dependent/Edit with its SEVIS ID, or its Add refreshed
 * before SEVIS has it) or a new J-2 is added (Dependent/Add with its DS-2019 purpose: accompanying, 06, before the
 * program starts, following to join, 08, after, unless the form says), through the students module's own dependent operations and
 * their SEVIS rules (S1148 names, S1105 one spouse, S1014 a child under 21). Without the record (an H-1B, O-1 or
 * OPT case, or a J-1 before the office creates it) a new family member goes on the scholar's application.
 */
export const approveDependentInfoUpdate: TApproveScholarRequest = ({ d, c, ev, rule }) => {
  const choice = str(d, 'dependent_id');
  const { values } = dependentRequestChange(d, []);
  const name = `${str(d, 'dependent_first_name')} ${str(d, 'dependent_last_name')}`.trim();
  if (choice && choice !== NEW_DEPENDENT) {
    const on = rule.dependents.find((x) => x.id === choice);
    const who = on ? `${on.firstName} ${on.lastName}`.trim() : 'your dependent';
    return {
      auditAction: 'scholar.dependent.updated',
      told: Object.keys(values).length ? `The details of ${who} are updated; the office will report them to SEVIS.` : NOTHING_CHANGED,
      onRecord: async (tx, ctx, p, requestId) => {
        if (Object.keys(values).length) await changeDependent(tx, ctx, p, choice, values, { requestId, notFoundMessage: J2_NOT_ON_RECORD });
      },
    };
  }
  if (!str(d, 'dependent_first_name')) return { auditAction: 'scholar.dependent-update-approved', told: NOTHING_CHANGED };
  if (!ev) {
    const family = Array.isArray(c.data?.dependents) ? (c.data.dependents as unknown[]) : [];
    return {
      auditAction: 'scholar.dependent.added',
      told: `${name} is added to your application.`,
      caseSet: {
        data: applicationDataWith(c, {
          isHavingFamily: true,
          dependents: [
            ...family,
            {
              firstName: str(d, 'dependent_first_name'),
              lastName: str(d, 'dependent_last_name'),
              relationship: str(d, 'dependent_relationship') === '01' ? 'spouse' : 'child',
              dateOfBirth: str(d, 'dependent_birth_date'),
              countryOfBirth: str(d, 'dependent_birth_country'),
              benefits: [],
            },
          ],
        }),
      },
    };
  }
  return {
    auditAction: 'scholar.dependent.added',
    told: `${name} is added to your program as a J-2 dependent; the office will report it to SEVIS.`,
    onRecord: async (tx, ctx, p) => {
      const input = studentsApi.ZStudentDependentInput.safeParse({
        firstName: str(d, 'dependent_first_name'),
        lastName: str(d, 'dependent_last_name'),
        relationshipCode: str(d, 'dependent_relationship'),
        gender: str(d, 'dependent_gender'),
        birthDate: str(d, 'dependent_birth_date'),
        birthCity: str(d, 'dependent_birth_city'),
        birthCountryCode: str(d, 'dependent_birth_country'),
        citizenshipCountryCode: str(d, 'dependent_citizenship_country'),
        // SEVIS's J-2 Add needs the permanent residence: the citizenship when none is given (as the case's record takes it).
        permanentResidenceCountryCode: str(d, 'dependent_residence_country') || str(d, 'dependent_citizenship_country'),
        // The purpose chosen on the form, else accompanying before the program starts and following to join after.
        formPurpose: str(d, 'dependent_form_purpose') || (p.programStartDate && p.programStartDate <= rule.today ? '08' : '06'),
      });
      if (!input.success) {
        const issue = input.error.issues[0]!;
        const column = String(issue.path[0] ?? 'firstName');
        const field = Object.entries(DEPENDENT_REQUEST_FIELDS).find(([, c]) => c === column)?.[0] ?? 'dependent_first_name';
        throw badRequest(issue.message, { [`data.${field}`]: [issue.message] });
      }
      await insertDependent(tx, ctx, p, input.data);
    },
  };
};
