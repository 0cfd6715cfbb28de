import { useState } from 'react';
import { HistoryLogTable } from '../../../../ui/history-log-table';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { labelOfStatus, type scholarsApi, type TAuditEvent, textOf } from '@meridian/domain';
import { formatDay, useFormatDates } from '../../../../app/office-dates';
import { downloadAttachment } from '../../../attachments';
import { formatSize } from '../../../attachments';
import { REQUEST_HISTORY_LABELS } from '../../../requests';
import { useListCaseDocuments, useGetCaseHistory, useListCaseRequests } from '../api/office-case';
import { phaseLabel, requestStatusLabel, statusLabel, visaLabel } from './case-format';
import { usePaging } from '../../../../ui/data-table';

const Loading = ({ busy }: { busy: boolean }) => (busy ? <LinearProgress aria-label="Loading" /> : <Box sx={{ height: 4 }} />);

/** Request/Petition Status: every phase/status change, newest first. */
export function StatusHistoryTable({ c }: { c: scholarsApi.TOfficeCase }) {
  const { formatDate, formatDateTime } = useFormatDates();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Status history">
          <TableHead>
            <TableRow>
              <TableCell>Change date</TableCell>
              <TableCell>Phase</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Visa</TableCell>
              <TableCell>Reference</TableCell>
              <TableCell>Reason and notes</TableCell>
              <TableCell>By</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.history.map((h) => (
              <TableRow key={h.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(h.changeDate) || '—'}</TableCell>
                <TableCell>{phaseLabel(h.phase)}</TableCell>
                <TableCell>
                  {statusLabel(h.status)}
                  {h.isUnlocked ? <Chip size="small" label="Unlocked" sx={{ ml: 1 }} /> : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.visaCode ? visaLabel(h.visaCode) : '—'}</TableCell>
                <TableCell>
                  {h.referenceNumber || '—'}
                  {h.referenceDate ? ` (${formatDate(h.referenceDate) || '—'})` : ''}
                </TableCell>
                <TableCell>
                  {h.changeReason ? <Typography variant="body2">{h.changeReason}</Typography> : null}
                  {h.notes ? (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                      {h.notes}
                    </Typography>
                  ) : null}
                  {!h.changeReason && !h.notes ? '—' : null}
                </TableCell>
                <TableCell>
                  {h.changedByName ?? 'System'}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {formatDateTime(h.createdAt)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
            {c.history.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>No status change recorded yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Requests: the scholar's engine requests, each opening on the request page. */
export function CaseRequestsTable({ applicationId, canOpen = true }: { applicationId: string; canOpen?: boolean }) {
  const { formatDateTime } = useFormatDates();
  const q = useListCaseRequests(applicationId);
  if (q.isError) return <Alert severity="error">The requests could not be loaded.</Alert>;
  const rows = q.data ?? [];
  return (
    <Paper variant="outlined">
      <Loading busy={q.isFetching} />
      <TableContainer>
        <Table size="small" aria-label="Requests">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Requested by</TableCell>
              <TableCell>Submitted</TableCell>
              <TableCell>Last change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {canOpen ? (
                    <Link component={RouterLink} to={`/admin/request/${r.id}`}>
                      #{r.number}
                    </Link>
                  ) : (
                    `#${r.number}`
                  )}
                </TableCell>
                <TableCell>
                  {r.typeName}
                  {r.isOfThisCase ? <Chip size="small" label="This case" sx={{ ml: 1 }} /> : null}
                </TableCell>
                <TableCell>{r.case ? labelOfStatus(r.case.vocabulary, r.case.status) : requestStatusLabel(r.status)}</TableCell>
                <TableCell>{r.requesterName ?? '—'}</TableCell>
                <TableCell>{r.submittedAt ? formatDateTime(r.submittedAt) : '—'}</TableCell>
                <TableCell>{formatDateTime(r.updatedAt)}</TableCell>
              </TableRow>
            ))}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No requests.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Petitions: every case of the scholar (earlier petitions, extensions), the one open here marked. */
export function PetitionsTable({ c }: { c: scholarsApi.TOfficeCase }) {
  const { formatDate, formatDateTime } = useFormatDates();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Petitions">
          <TableHead>
            <TableRow>
              <TableCell>Opened</TableCell>
              <TableCell>Visa type</TableCell>
              <TableCell>Phase</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Dates</TableCell>
              <TableCell>Department</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.petitions.map((p) => (
              <TableRow key={p.id} selected={p.id === c.id}>
                <TableCell>
                  {p.id === c.id ? (
                    formatDateTime(p.createdAt)
                  ) : (
                    <Link component={RouterLink} to={p.processedState ? `/admin/scholar-profile/${p.id}` : `/admin/reviewrequest/${p.id}`}>
                      {formatDateTime(p.createdAt)}
                    </Link>
                  )}
                  {p.id === c.id ? (
                    <Chip size="small" label="Open here" sx={{ ml: 1 }} />
                  ) : p.isCurrent ? (
                    <Chip size="small" label="Current" sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {p.processedState ? visaLabel(p.processedState) : `Proposed ${p.proposedStatus}`}
                </TableCell>
                <TableCell>{phaseLabel(p.phase)}</TableCell>
                <TableCell>{statusLabel(p.status)}</TableCell>
                <TableCell>
                  {p.processedStartDate ? `${formatDate(p.processedStartDate) || '—'} – ${formatDate(p.processedEndDate) || '—'}` : '—'}
                </TableCell>
                <TableCell>{p.departmentName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const ACTIONS: Record<string, string> = {
  'scholar.processed': 'Sponsorship request processed',
  'scholar.converted': 'Converted to another visa type',
  'scholar.status-changed': 'Phase or status changed',
  'scholar.office-data.updated': 'Office information changed',
  'scholar.premium-processing.updated': 'Premium processing changed',
  'scholar.employment.updated': 'Employment details changed',
  'scholar.hr-update.accepted': 'Updated from the HR feed',
  'attachment.uploaded': 'File uploaded',
  'attachment.rejected': 'File rejected',
  'attachment.deleted': 'File removed',
  'attachment.visibility.updated': 'File visibility changed',
  'attachment.category.updated': 'File category changed',
  'attachment.linked': 'File filed from another request',
  'letter.generated': 'Letter generated',
};
const FIELD_LABELS: Record<string, string> = {
  phase: 'Phase',
  status: 'Status',
  processedState: 'Visa type',
  sponsorshipState: 'Sponsorship request',
  applicationState: 'Application',
  processedStartDate: 'Start date',
  processedEndDate: 'End date',
  changeDate: 'Change date',
  notes: 'Notes',
  referenceNumber: 'Reference number',
  referenceDate: 'Reference date',
  changeReason: 'Change reason',
  reason: 'Reason',
  requestNumber: 'Request #',
  message: 'Message',
  fileName: 'File',
  letterTemplate: 'Letter template',
  visibility: 'Visible to',
  lcaNumber: 'LCA number',
  lcaStartDate: 'LCA start',
  lcaEndDate: 'LCA end',
  socCode: 'SOC code',
  socTitle: 'SOC title',
  wageLevel: 'Wage level',
  prevailingWage: 'Prevailing wage',
  offeredWage: 'Offered wage',
  wageUnit: 'Wage unit',
  worksiteAddress: 'Worksite',
  worksiteCity: 'Worksite city',
  worksiteState: 'Worksite state',
  worksitePostalCode: 'Worksite ZIP',
  receiptNumber: 'Receipt number',
  j1Category: 'Category',
  subjectFieldCode: 'Subject field',
  sevisId: 'SEVIS ID',
  ds2019StartDate: 'DS-2019 start',
  ds2019EndDate: 'DS-2019 end',
  fundingAmount: 'Funding',
  premiumProcessFlag: 'Premium processing',
  requestedDate: 'Requested',
  fee: 'Fee',
  decisionDate: 'Decision',
  lastName: 'Family name',
  firstName: 'Given name',
  middleName: 'Middle name',
  email: 'E-mail',
  department: 'Department',
  hrFeed: 'HR feed',
  employerName: 'Employer',
  jobTitle: 'Job title',
  hoursPerWeek: 'Hours per week',
  wages: 'Wages',
  startDate: 'Start date',
  endDate: 'End date',
  opt: 'OPT',
  stem: 'STEM',
  cpt: 'CPT',
  aopFM: 'AOP F/M',
  academicTraining: 'Academic Training',
  onCampus: 'On Campus',
  aopJ: 'AOP J',
};
// Ids, flags and what another column already says.
const HIDDEN = new Set([
  'applicationRequestId',
  'isLocked',
  'type',
  'startedByOffice',
  'number',
  'reviewStatus',
  'assignedToUserId',
  'advisorUserId',
  'statusMessage',
  'letterTemplateId',
  'attachmentId',
  'requestId',
]);
function words(k: string, v: unknown, e: TAuditEvent): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (k === 'visibility') return v === 'person' ? 'The department, the scholar and the office' : 'The office only';
  if (k === 'phase') return phaseLabel(textOf(v));
  if (k === 'status') return e.entityType === 'request' ? requestStatusLabel(textOf(v)) : statusLabel(textOf(v));
  if (k === 'processedState') return textOf(v) ? visaLabel(textOf(v)) : 'Not processed';
  if (k === 'sponsorshipState') return labelOfStatus('sponsorship', textOf(v));
  if (k === 'applicationState') return labelOfStatus('scholarApplication', textOf(v));
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDay(v) || '—';
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
}
function details(e: TAuditEvent): string[] {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    if (HIDDEN.has(k) || JSON.stringify(before[k] ?? null) === JSON.stringify(after[k] ?? null)) continue;
    const label = FIELD_LABELS[k] ?? k;
    out.push(
      k in before && before[k] !== null && before[k] !== ''
        ? `${label}: ${words(k, before[k], e)} → ${words(k, after[k], e)}`
        : `${label}: ${words(k, after[k], e)}`,
    );
  }
  return out;
}
function what(e: TAuditEvent): string {
  if (e.entityType === 'request') {
    const after = (e.after ?? {}) as { type?: string; number?: number };
    const label = REQUEST_HISTORY_LABELS[e.action] ?? e.action.replace(/^request\./, '').replace(/[._-]/g, ' ');
    return `Request: ${label}${e.action === 'request.created' && after.number ? ` (#${after.number})` : ''}`;
  }
  return ACTIONS[e.action] ?? e.action.replace(/[._-]/g, ' ');
}

const HISTORY_PAGE_SIZES = [20];

/** History Log: the case's events and its requests' (files too), newest first, paged on the server. */
export function CaseHistoryLog({ applicationId }: { applicationId: string }) {
  const paging = usePaging({ pageSize: 20, pageSizes: HISTORY_PAGE_SIZES });
  const history = useGetCaseHistory(applicationId, paging.page, paging.pageSize);
  return <HistoryLogTable framed query={history} paging={paging} what={what} details={details} />;
}

/** Documents: the files on the scholar's requests; each opens from its request page too. */
export function CaseDocumentsTable({ applicationId, canOpen = true }: { applicationId: string; canOpen?: boolean }) {
  const { formatDateTime } = useFormatDates();
  const q = useListCaseDocuments(applicationId);
  const [error, setError] = useState<string | null>(null);
  if (q.isError) return <Alert severity="error">The documents could not be loaded.</Alert>;
  const rows = q.data ?? [];
  return (
    <Paper variant="outlined">
      <Loading busy={q.isFetching} />
      {error ? (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label="Documents">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>Document</TableCell>
              <TableCell>Request</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell>Size</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell>
                  {canOpen ? (
                    <Link
                      component="button"
                      type="button"
                      sx={{ textAlign: 'left' }}
                      onClick={() =>
                        void downloadAttachment({ id: d.id, fileName: d.fileName }).catch(() =>
                          setError(`${d.fileName} could not be downloaded.`),
                        )
                      }
                    >
                      {d.fileName}
                    </Link>
                  ) : (
                    d.fileName
                  )}
                  {d.description ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {d.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{d.documentName ?? '—'}</TableCell>
                <TableCell>
                  {canOpen ? (
                    <Link component={RouterLink} to={`/admin/request/${d.requestId}`}>
                      #{d.requestNumber}
                    </Link>
                  ) : (
                    `#${d.requestNumber}`
                  )}{' '}
                  {d.requestTypeName}
                </TableCell>
                <TableCell>{d.status === 'rejected' ? `Rejected${d.rejectReason ? `: ${d.rejectReason}` : ''}` : 'On file'}</TableCell>
                <TableCell>
                  {formatDateTime(d.createdAt)}
                  {d.uploadedByName ? ` · ${d.uploadedByName}` : ''}
                </TableCell>
                <TableCell>{formatSize(d.sizeBytes)}</TableCell>
              </TableRow>
            ))}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No documents yet. Files uploaded on the scholar's requests appear here.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
