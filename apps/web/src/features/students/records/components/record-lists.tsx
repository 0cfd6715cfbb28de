import { useMemo } from 'react';
import { HistoryLogTable } from '../../../../ui/history-log-table';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
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
import {
  EMPLOYMENT_TIME_LOOKUP,
  REQUEST_STATUS_LABELS,
  SEVIS_EVENT_STATUS_LABELS,
  STUDENT_REQUEST_FORMS,
  studentsApi,
  type TAuditEvent,
  type TRequestStatus,
  textOf,
} from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { REQUEST_HISTORY_LABELS } from '../../../requests';
import { SevisEventActions } from '../../../sevis';
import { downloadAttachment } from '../../../attachments';
import { LookupText, useLookup } from '../../../lookups';
import { useListStudentDocuments, useGetStudentHistory, useListStudentRequests, useListStudentSevisEvents } from '../api/student-record';
import { displayValue } from './record-format';
import { HeldEventForm } from './held-event-form';
import { usePaging } from '../../../../ui/data-table';

function Loading({ busy }: { busy: boolean }) {
  return busy ? <LinearProgress aria-label="Loading" /> : <Box sx={{ height: 4 }} />;
}

/** Requests tab: the record's requests, each opening the staff request page. */
export function RequestsTab({ profileId }: { profileId: string }) {
  const { formatDate, formatDateTime } = useFormatDates();
  const q = useListStudentRequests(profileId);
  if (q.isError) return <Alert severity="error">The requests could not be loaded.</Alert>;
  const rows = q.data ?? [];
  return (
    <Paper variant="outlined">
      <Loading busy={q.isFetching} />
      <TableContainer>
        <Table size="small" aria-label="Requests of this student">
          <TableHead>
            <TableRow>
              <TableCell>Request</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Submitted</TableCell>
              <TableCell>Last change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/isss/request/${r.id}`}>
                    #{r.number}
                  </Link>
                </TableCell>
                <TableCell>{r.typeName}</TableCell>
                <TableCell>{REQUEST_STATUS_LABELS[r.status as TRequestStatus] ?? r.status}</TableCell>
                <TableCell>{formatDate(r.submittedAt)}</TableCell>
                <TableCell>{formatDateTime(r.updatedAt)}</TableCell>
              </TableRow>
            ))}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>This student has no requests.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Documents tab: files of the student and of their requests. */
export function DocumentsTab({ profileId }: { profileId: string }) {
  const { formatDate } = useFormatDates();
  const q = useListStudentDocuments(profileId);
  if (q.isError) return <Alert severity="error">The documents could not be loaded.</Alert>;
  const rows = q.data ?? [];
  return (
    <Paper variant="outlined">
      <Loading busy={q.isFetching} />
      <TableContainer>
        <Table size="small" aria-label="Documents of this student">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>From</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id} hover>
                <TableCell>
                  <Button
                    size="small"
                    sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
                    onClick={() => void downloadAttachment(d)}
                    aria-label={`Download ${d.fileName}`}
                  >
                    {d.fileName}
                  </Button>
                  {d.description ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {d.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {d.requestId ? (
                    <Link component={RouterLink} to={`/isss/request/${d.requestId}`}>
                      Request #{d.requestNumber} {d.requestTypeName}
                    </Link>
                  ) : (
                    'Student file'
                  )}
                </TableCell>
                <TableCell>{formatDate(d.createdAt)}</TableCell>
                <TableCell>{kb(d.sizeBytes)}</TableCell>
                <TableCell>
                  {d.status === 'rejected' ? (
                    <Chip size="small" color="error" variant="outlined" label={`Rejected: ${d.rejectReason}`} />
                  ) : (
                    'Accepted'
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No documents yet: files the student or the office upload to their requests appear here.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const EVENT_STATUS_COLORS: Record<string, 'warning' | 'info' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  held: 'error',
  batched: 'info',
  sent: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  superseded: 'default',
};

const PAYLOAD_LABELS: Record<string, string> = {
  changedFields: 'Changed',
  previousProgramEndDate: 'Previous program end',
  previousEducationLevel: 'Previous education level',
  dependentSevisId: 'Dependent SEVIS ID',
  relationshipCode: 'Relationship',
  reasonCode: 'Reason',
  siteName: 'Site',
  address: 'Address',
  isPrimary: 'Primary site',
  // What an approved request sends (modules/students/operations/request-effects.ts): employment and OPT events.
  employerName: 'Employer',
  employerEin: 'Employer EIN',
  employerAddress: 'Employer address',
  jobTitle: 'Job title',
  startDate: 'Start date',
  endDate: 'End date',
  fullOrPartTime: 'Full or part time',
  remarks: 'Remarks',
  optPhase: 'OPT phase',
  requestedStartDate: 'Requested start',
  requestedEndDate: 'Requested end',
  everifyNumber: 'E-Verify number',
  salary: 'Salary',
  supervisorName: 'Supervisor',
  supervisorPhone: 'Supervisor phone',
};
// Shown in the page header already, or internal.
const PAYLOAD_SKIP = new Set(['sevisId', 'visaType', 'campusSiteId', 'principalSevisId', 'siteId', 'employmentId']);
/** Full or part time in the words of the office's list (SEVIS Table 6: 02 Part time). */
const payloadValue = (k: string, v: unknown, dates: TOfficeDates) =>
  k === 'fullOrPartTime' && typeof v === 'string' && v ? (
    <LookupText lookup={EMPLOYMENT_TIME_LOOKUP} value={v} />
  ) : (
    displayValue(k, v, dates)
  );

/** SEVIS Updates tab: what SEVIS must still hear about, and what was sent. */
export function SevisUpdatesTab({ profileId, visaType = '' }: { profileId: string; visaType?: string }) {
  const dates = useFormatDates();
  const { formatDateTime } = dates;
  const q = useListStudentSevisEvents(profileId);
  if (q.isError) return <Alert severity="error">The SEVIS updates could not be loaded.</Alert>;
  const rows = q.data ?? [];
  return (
    <Paper variant="outlined">
      <Loading busy={q.isFetching} />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Changes SEVIS must hear about wait here as pending updates until a SEVIS batch sends them; once SEVIS's transaction log is imported,
        each shows whether it succeeded or failed, with SEVIS's code and message.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="SEVIS updates">
          <TableHead>
            <TableRow>
              <TableCell>Raised</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</TableCell>
                <TableCell>
                  {e.eventType}
                  {e.action && e.action !== e.eventType ? ` / ${e.action}` : ''}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={EVENT_STATUS_COLORS[e.status] ?? 'default'}
                    label={SEVIS_EVENT_STATUS_LABELS[e.status] ?? e.status}
                  />
                  {e.resultCode || e.message ? (
                    <Typography variant="caption" component="div">
                      {e.resultCode ? <strong>{e.resultCode} </strong> : null}
                      {e.message}
                    </Typography>
                  ) : null}
                  {e.status === 'held' ? <HeldEventForm profileId={profileId} visaType={visaType} event={e} /> : null}
                  <SevisEventActions event={e} />
                </TableCell>
                <TableCell>
                  {Object.entries(e.payload)
                    .sort(([a], [b]) => Number(b === 'changedFields') - Number(a === 'changedFields'))
                    .filter(
                      ([k, v]) => !PAYLOAD_SKIP.has(k) && v !== null && v !== '' && !(typeof v === 'object' && Object.keys(v).length === 0),
                    )
                    .map(([k, v]) => (
                      <Typography key={k} variant="caption" component="div">
                        {PAYLOAD_LABELS[k] ?? studentsApi.STUDENT_FIELD_LABELS[k] ?? k}:{' '}
                        {Array.isArray(v)
                          ? v.map((x) => studentsApi.STUDENT_FIELD_LABELS[String(x)] ?? String(x)).join(', ')
                          : payloadValue(k, v, dates)}
                      </Typography>
                    ))}
                </TableCell>
              </TableRow>
            ))}
            {!q.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>No SEVIS updates for this record.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

const ACTIONS: Record<string, string> = {
  'student.created': 'Record created',
  'student.updated': 'Record changed',
  'student.stage.changed': 'Stage moved',
  'student.tags.changed': 'Tags changed',
  'student.sevis-event.raised': 'SEVIS update queued',
  'student.sevis-event.superseded': 'SEVIS update superseded (never sent)',
  'student.sevis-event.requeued': 'SEVIS update sent again',
  'student.sevis-event.cancelled': 'SEVIS update cancelled',
  'student.dependent.added': 'Dependent added',
  'student.dependent.updated': 'Dependent changed',
  'student.dependent.terminated': 'Dependent terminated',
  'student.site-of-activity.added': 'Site of activity added',
  'student.site-of-activity.updated': 'Site of activity changed',
  'student.site-of-activity.deactivated': 'Site of activity deactivated',
  'student.correction.submitted': 'Correction requested by the student',
  'student.correction.applied': 'Correction applied to the record',
  'student.correction.approved': 'Correction approved',
  'student.correction.rejected': 'Correction rejected',
  // What an approved student request did to the record (modules/students/operations/request-effects.ts).
  'student.cpt-authorized': 'CPT authorized',
  'student.opt-recommended': 'OPT recommended',
  'student.opt-employer-added': 'OPT employer added',
  'student.stem-opt-recommended': 'STEM OPT extension recommended',
  'student.rcl-authorized': 'Reduced course load authorized',
  'student.change-of-level-approved': 'Change of level approved',
  'student.program-extended': 'Program extended',
  'student.transfer-in-approved': 'Transfer in approved',
  'student.registered': 'Registered for the session',
  'student.on-campus-employment-added': 'On-campus employment added',
  'student.matriculated': 'Matriculation recorded',
  'student.record-terminated': 'SEVIS record terminated',
  'student.dependents.updated': 'Dependents updated',
  // Portal, intake and OPT management (modules/students operations: invite, import-commit, stage-progress, opt-employments, stem-reports, alerts).
  'student.invited': 'Invited to the portal',
  'student.invitation.resent': 'Portal invitation sent again',
  'student.imported': 'Imported from a batch upload',
  'student.wizard-step-completed': 'Welcome wizard step completed',
  'student.stage-completed': 'Stage completed by the student',
  'student.opt-employment.created': 'OPT employment recorded',
  'student.opt-employment.updated': 'OPT employment changed',
  'student.stem-report.received': 'STEM report received',
  'student.opt.unemployment-alert': 'Unemployment-day alert sent',
};

/** A student request form's fields (a request's 'data saved' events), by label and in the form's order, choices by label. */
const FORM_FIELDS = Object.values(STUDENT_REQUEST_FORMS).flatMap((f) => f.sections.flatMap((x) => x.fields));
const FORM_LABELS: Record<string, string> = Object.fromEntries(FORM_FIELDS.map((f) => [f.name, f.label]));
const FORM_ORDER = Object.keys(FORM_LABELS);
const formValue = (k: string, v: unknown) => FORM_FIELDS.find((f) => f.name === k)?.options?.find((o) => o.value === String(v))?.label;
/** Full or part time, of the request forms and of an employment: in the words of the office's list (SEVIS Table 6). */
const EMPLOYMENT_TIME_KEYS = new Set([
  'fullOrPartTime',
  ...FORM_FIELDS.filter((f) => f.lookup?.key === EMPLOYMENT_TIME_LOOKUP.key).map((f) => f.name),
]);
// Internal ids and flags (the Who column names the person; the request's number is shown), and what another line already says.
const HIDDEN = new Set([
  'dependentId',
  'siteId',
  'correctionId',
  'sevisEventId',
  'requestId',
  'employmentId',
  'stepId',
  'userId',
  'isLocked',
  'reviewStatus',
  'completedStage',
  'type',
  'approverName',
]);
/** A value in words where the log knows them: request statuses and portal stages by label. */
const wordsFor = (k: string, v: unknown) =>
  k === 'status'
    ? REQUEST_STATUS_LABELS[v as TRequestStatus]
    : k === 'currentStage'
      ? (studentsApi.PORTAL_STAGE_LABELS as Record<string, string>)[String(v)]
      : undefined;
/** One dependent of an approved Several Dependents request, as the log lists them: "Ana Rivera (added)". */
const isNamed = (x: unknown): x is { name?: unknown; change?: unknown; dependentId?: unknown } => typeof x === 'object' && x !== null;
const CHANGE_WORDS: Record<string, string> = { add: 'added', update: 'changed', end: 'status ended' };
const dependentLine = (x: { name?: unknown; change?: unknown; dependentId?: unknown }) =>
  x.name ? `${textOf(x.name)}${x.change ? ` (${CHANGE_WORDS[textOf(x.change)] ?? textOf(x.change)})` : ''}` : 'a dependent';

/** "Field: old → new" lines of an audit event. */
function details(e: TAuditEvent, dates: TOfficeDates, employmentTimes: ReadonlyMap<string, string>): string[] {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  if (e.action === 'student.sevis-event.raised') return [`${String(after.eventType)}${after.action ? ` / ${textOf(after.action)}` : ''}`];
  const out: string[] = [];
  const rank = (k: string) => (FORM_ORDER.includes(k) ? FORM_ORDER.indexOf(k) : -1);
  for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => rank(a) - rank(b))) {
    if (HIDDEN.has(k) || JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    // A person named on a request: in words, as the request's own History Log says it (no ids).
    if (k === 'advisorUserId' || k === 'assignedToUserId') {
      if (k in before || after[k])
        out.push(
          `${k === 'advisorUserId' ? 'Faculty advisor' : 'Assignee'} ${after[k] ? (k in before && before[k] ? 'changed' : 'named') : 'removed'}`,
        );
      continue;
    }
    const label =
      studentsApi.STUDENT_FIELD_LABELS[k] ??
      FORM_LABELS[k] ??
      (
        {
          sevisUpdates: 'SEVIS updates',
          fields: 'Fields',
          note: 'Note',
          reason: 'Reason',
          status: 'Status',
          name: 'Name',
          currentStage: 'Stage',
          tags: 'Tags',
          terminationReasonCode: 'Reason',
          dependents: 'Dependents',
          requestNumber: 'Request #',
          kind: 'Kind',
          employerName: 'Employer',
          authorizedStartDate: 'Authorized from',
          authorizedEndDate: 'Authorized to',
          number: 'Request #',
          title: e.action.startsWith('request.task') ? 'Task' : 'Step',
          comment: 'Comment',
          step: 'Approver step',
          userName: 'User name',
        } as Record<string, string>
      )[k] ??
      k;
    const show = (v: unknown) =>
      (Array.isArray(v)
        ? v.map((x) => (isNamed(x) ? dependentLine(x) : (studentsApi.STUDENT_FIELD_LABELS[String(x)] ?? String(x)))).join(', ')
        : (wordsFor(k, v) ??
          (EMPLOYMENT_TIME_KEYS.has(k) ? employmentTimes.get(String(v)) : undefined) ??
          formValue(k, v) ??
          displayValue(k, v, dates))) || '—';
    out.push(k in before ? `${label}: ${show(before[k])} → ${show(after[k])}` : `${label}: ${show(after[k])}`);
  }
  return out;
}

const HISTORY_PAGE_SIZES = [20];

/** History Log tab: the record's events and its requests', newest first, paged on the server. */
export function StudentHistoryTab({ profileId }: { profileId: string }) {
  const dates = useFormatDates();
  const paging = usePaging({ pageSize: 20, pageSizes: HISTORY_PAGE_SIZES });
  const history = useGetStudentHistory(profileId, paging.page, paging.pageSize);
  const times = useLookup(EMPLOYMENT_TIME_LOOKUP.key);
  const employmentTimes = useMemo(() => new Map((times.data?.values ?? []).map((v) => [v.code, v.label])), [times.data]);
  return (
    <HistoryLogTable
      framed
      query={history}
      paging={paging}
      what={(e) =>
        e.entityType === 'request'
          ? `Request: ${REQUEST_HISTORY_LABELS[e.action] ?? e.action.replace(/^request\./, '').replace(/[._-]/g, ' ')}`
          : (ACTIONS[e.action] ?? e.action.replace(/[._-]/g, ' '))
      }
      details={(e) => details(e, dates, employmentTimes)}
    />
  );
}
