import { J2_END_PREFIX } from '@meridian/domain';
import { EV_DEPENDENT_END_STATUS, terminationLabel } from '../codes.js';
import { IN_EVENT, onDependent, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { evDependentBio } from './common.js';

/**
 * Dependent (J-2): Add (with the DS-2019's form purpose, EVPrintReasonType, from the event), Edit,
 * Terminate, Delete. The reason says which of SEVIS's two events ends the dependent
 * (docs/product/students-records.md#dependents): a Table 19 code ("09") is a Terminate, with its effective date;
 * Table 18's code behind END- ("END-04") is the End Status, as are the words of dependents ended before the codes
 * were asked (death, divorce, child over 21...: EV_DEPENDENT_END_STATUS). OTHER (09) carries the other remarks SEVIS
 * requires (S2222 Terminate, S2130 End Status): the event's, else its remarks, else (End Status) our reason in words;
 * a Terminate 09 without any is held back.
 */
export const evDependent: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const d = m.dependent();
    if (!d) return undefined;
    const pl = m.r.payload;
    const remarks = m.opt(pl.remarks)?.slice(0, 500);
    let body: TXmlNode;
    switch (m.r.action) {
      case 'Add':
        body = {
          Add: {
            '@printForm': 'true',
            ...evDependentBio(m, d),
            FormPurpose: m.code(pl.formPurpose, 'EVPrintReasonType', "The DS-2019's purpose for the dependent (form purpose)", IN_EVENT),
          },
        };
        break;
      case 'Edit':
        body = { Edit: { '@printForm': 'true', '@dependentSevisID': m.dependentSevisId(d), ...evDependentBio(m, d), Remarks: remarks } };
        break;
      case 'Terminate': {
        const given = m.first(pl.sevisReasonCode, pl.reasonCode, d.terminationReasonCode);
        const up = given.toUpperCase();
        const endStatus = up.startsWith(J2_END_PREFIX) ? up.slice(J2_END_PREFIX.length) : EV_DEPENDENT_END_STATUS[up];
        const otherGiven = (m.opt(pl.otherRemarks) ?? remarks)?.slice(0, 500);
        // The remarks go once: as the other remarks with OTHER, else as remarks.
        const rest = (other: string | undefined) => (other && other === remarks ? undefined : remarks);
        if (endStatus) {
          const reason = m.code(endStatus, 'DependentCompletionType', 'End status reason', onDependent(d));
          const other = reason === '09' ? (otherGiven ?? terminationLabel(given)) : undefined;
          body = {
            EndStatus: { '@dependentSevisID': m.dependentSevisId(d), Reason: reason, OtherRemarks: other, Remarks: rest(other) },
          };
          break;
        }
        const reason = /^\d{2}$/.test(given)
          ? m.code(given, 'EVDepTerminationReasonType', 'Termination reason', onDependent(d))
          : (m.problem(
              `The termination reason of dependent ${d.firstName} ${d.lastName} (${given || 'none'}) has no SEVIS code yet: choose the SEVIS termination reason ${IN_EVENT}.`,
            ),
            undefined);
        const other = reason === '09' ? otherGiven : undefined;
        if (reason === '09' && !other)
          m.problem(
            `The termination of dependent ${d.firstName} ${d.lastName} with the reason OTHER (09) needs other remarks ${IN_EVENT}.`,
          );
        body = {
          Terminate: {
            '@dependentSevisID': m.dependentSevisId(d),
            Reason: reason,
            EffectiveDate: m.reqDate(m.first(pl.effectiveDate, d.updatedAt), 'Termination effective date', IN_EVENT),
            OtherRemarks: other,
            Remarks: rest(other),
          },
        };
        break;
      }
      case 'Delete':
        body = { Delete: { '@dependentSevisID': m.dependentSevisId(d) } };
        break;
      default:
        m.problem(`Dependent action '${m.r.action}' is not one the exchange visitor batch takes.`);
        return undefined;
    }
    return { Dependent: body };
  },
};
