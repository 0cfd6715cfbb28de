import { IN_EVENT, fullOrPartTime, type RecordMapper } from '../map.js';
import type { TEmployment, TXmlNode } from '../types.js';

type TData = Record<string, unknown>;

/**
 * SEVIS's Employer element (OPT and STEM OPT): the employer from the event, else the employment row.
 * Course relevance (how the job relates to the degree) is required by SEVIS.
 */
export function optEmployer(m: RecordMapper, emp: TEmployment | undefined): TXmlNode | undefined {
  const pl = m.r.payload;
  const details = (emp?.details ?? {}) as TData;
  const name = m.req(m.first(pl.employerName, emp?.employerName), 'Employer name', IN_EVENT);
  const address = m.usAddress(pl.employerAddress ?? emp?.employerAddress, "Employer's address", IN_EVENT);
  const ein = m.first(pl.employerEin, emp?.employerEin).replace(/\D/g, '');
  const relevance = m.first(pl.courseRelevance, details.courseRelevance, details.trainingObjectives, pl.remarks, details.remarks);
  if (!relevance) m.missing("How the employment relates to the student's degree (course relevance)", IN_EVENT);
  const time = fullOrPartTime(m.first(pl.fullOrPartTime, emp?.fullOrPartTime));
  if (!time) m.missing('Full or part time for the employer', IN_EVENT);
  const start = m.reqDate(m.first(pl.startDate, emp?.startDate, pl.requestedStartDate), 'Employment start date', IN_EVENT);
  const title = m.first(pl.jobTitle, emp?.jobTitle);
  const supervisor = m.first(pl.supervisorName, details.supervisorName).split(/\s+/).filter(Boolean);
  const supPhone = m.phone(m.first(pl.supervisorPhone, details.supervisorPhone));
  if (!name || !address) return undefined;
  return {
    EmployerName: name.slice(0, 121),
    EmployerAddress: address,
    EmployerEIN: ein.length === 9 ? ein : undefined,
    CourseRelevance: relevance ? relevance.slice(0, 1000) : undefined,
    FullPartTimeIndicator: time,
    StartDate: start,
    EndDate: m.optDate(m.first(pl.endDate, emp?.endDate)),
    SupervisorFirstName: supervisor.length > 1 ? supervisor.slice(0, -1).join(' ').slice(0, 80) : undefined,
    SupervisorLastName: supervisor.length ? supervisor[supervisor.length - 1]!.slice(0, 40) : undefined,
    SupervisorPhone: supPhone,
    StudentsJobTitle: title ? title.slice(0, 64) : undefined,
  };
}
