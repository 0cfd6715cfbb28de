import { EV_DEPENDENT_END_STATUS, terminationLabel } from '../codes.js';
import { IN_EVENT, onDependent, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { evDependentBio } from './common.js';

/**
 * Dependent (J-2): Add (with the DS-2019's form purpose, EVPrintReasonType, from the event), Edit,
 * Terminate (SEVIS's J-2 termination code, Table 19, and effective date), Delete. A dependent we
 * terminate for one of our reasons (death, divorce, child over 21...) is sent as SEVIS's End Status
 * (Table 18, see EV_DEPENDENT_END_STATUS); a SEVIS Table 19 code in the event is a Terminate.
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
        const endStatus = EV_DEPENDENT_END_STATUS[given.toUpperCase()];
        if (endStatus) {
          body = {
            EndStatus: {
              '@dependentSevisID': m.dependentSevisId(d),
              Reason: m.code(endStatus, 'DependentCompletionType', 'End status reason', onDependent(d)),
              // SEVIS S2130: 09 OTHER needs remarks; our reason says what it was.
              Remarks: endStatus === '09' ? (remarks ?? terminationLabel(given)) : remarks,
            },
          };
          break;
        }
        const reason = /^\d{2}$/.test(given)
          ? m.code(given, 'EVDepTerminationReasonType', 'Termination reason', onDependent(d))
          : (m.problem(
              `The termination reason of dependent ${d.firstName} ${d.lastName} (${given || 'none'}) has no SEVIS code yet: choose the SEVIS termination reason ${IN_EVENT}.`,
            ),
            undefined);
        body = {
          Terminate: {
            '@dependentSevisID': m.dependentSevisId(d),
            Reason: reason,
            EffectiveDate: m.reqDate(m.first(pl.effectiveDate, d.updatedAt), 'Termination effective date', IN_EVENT),
            Remarks: remarks,
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
