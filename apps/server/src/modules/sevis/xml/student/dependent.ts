import { F2_DEPENDENT_TERMINATION, terminationLabel } from '../codes.js';
import { IN_EVENT, onDependent, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { studentDependentBio } from './common.js';

/**
 * Dependent (F-2): Add, Edit, Terminate, Cancel, Reactivate, Reprint. Our termination reasons are
 * words (DIVORCE, DEATH...) sent as their SEVIS Table 3 codes (F2_DEPENDENT_TERMINATION).
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
        // Our reason words go through SEVIS Table 3 (F2_DEPENDENT_TERMINATION); a SEVIS code in the event is taken as it is.
        const given = m.first(pl.sevisReasonCode, pl.reasonCode, d.terminationReasonCode);
        const mapped = F2_DEPENDENT_TERMINATION[given.toUpperCase()];
        const code = mapped ?? given;
        const reason = /^\d{2}$/.test(code)
          ? m.code(code, 'DependentTerminationReasonType', 'Termination reason', where)
          : (m.problem(
              `The termination reason of ${where.replace(/^on /, '')} (${given || 'none'}) has no SEVIS code: choose the SEVIS termination reason ${IN_EVENT}.`,
            ),
            undefined);
        // SEVIS S1034: 09 OTHER needs other remarks: the event's, else its remarks, else our reason in words; a code
        // 09 given without any is held back. Other remarks go with 09 only; the remarks go once.
        const words = mapped ? terminationLabel(given) : undefined;
        const other = reason === '09' ? (m.opt(pl.otherRemarks) ?? remarks ?? words)?.slice(0, 500) : undefined;
        if (reason === '09' && !other)
          m.problem(`The termination of ${where.replace(/^on /, '')} with the reason OTHER (09) needs other remarks ${IN_EVENT}.`);
        body = {
          Terminate: {
            '@dependentSevisID': m.dependentSevisId(d),
            Reason: reason,
            OtherRemarks: other,
            Remarks: other && other === remarks ? undefined : remarks,
          },
        };
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
