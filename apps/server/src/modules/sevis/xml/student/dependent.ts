import { IN_EVENT, onDependent, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { studentDependentBio } from './common.js';

/**
 * Dependent (F-2): Add, Edit, Terminate, Cancel, Reactivate, Reprint. Our termination reasons are
 * words (DIVORCE, DEATH...); SEVIS wants its own codes, so the event must carry `sevisReasonCode`
 * (or a reason that is already a SEVIS code) and is held back otherwise.
 */
export const studentDependent: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const d = m.dependent();
    if (!d) return undefined;
    const pl = m.r.payload;
    const where = onDependent(d);
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    let body: TXmlNode;
    switch (m.r.action) {
      case 'Add':
        body = { Add: { '@printForm': 'true', ...studentDependentBio(m, d), Remarks: remarks } };
        break;
      case 'Edit': {
        const bio = studentDependentBio(m, d);
        body = {
          Edit: {
            '@printForm': 'true',
            '@dependentSevisID': m.dependentSevisId(d),
            FullName: bio.FullName,
            BirthDate: bio.BirthDate,
            Gender: bio.Gender,
            BirthCity: bio.BirthCity,
            BirthCountryCode: bio.BirthCountryCode,
            CitizenshipCountryCode: bio.CitizenshipCountryCode,
            Email: bio.Email,
            Relationship: bio.Relationship,
            Remarks: remarks,
          },
        };
        break;
      }
      case 'Terminate': {
        const given = m.first(pl.sevisReasonCode, pl.reasonCode, d.terminationReasonCode);
        const reason = /^\d{2}$/.test(given)
          ? m.code(given, 'DependentTerminationReasonType', 'Termination reason', where)
          : (m.problem(
              `The termination reason of ${where.replace(/^on /, '')} (${given || 'none'}) has no SEVIS code yet: choose the SEVIS termination reason ${IN_EVENT}.`,
            ),
            undefined);
        body = { Terminate: { '@dependentSevisID': m.dependentSevisId(d), Reason: reason, Remarks: remarks } };
        break;
      }
      case 'Cancel':
        body = {
          Cancel: {
            '@dependentSevisID': m.dependentSevisId(d),
            Reason: m.code(m.first(pl.sevisReasonCode, pl.reasonCode), 'DependentCancelReasonType', 'Cancel reason', IN_EVENT),
            Remarks: remarks,
          },
        };
        break;
      case 'Reactivate':
        body = { Reactivate: { '@printForm': 'true', '@dependentSevisID': m.dependentSevisId(d) } };
        break;
      case 'Reprint':
        body = { Reprint: { '@printForm': 'true', '@dependentSevisID': m.dependentSevisId(d) } };
        break;
      default:
        m.problem(`Dependent action '${m.r.action}' is not one the SEVIS batch takes.`);
        return undefined;
    }
    return { Dependent: body };
  },
};
