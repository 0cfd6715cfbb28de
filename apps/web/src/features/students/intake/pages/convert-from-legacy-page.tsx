import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  applyColumnMapping,
  can,
  type jobsApi,
  LEGACY_DATE_FORMATS,
  LEGACY_SCHOLAR_COLUMNS,
  LEGACY_SCHOLAR_MAX_ROWS,
  IMPORT_MAX_ROWS,
  scholarsApi,
  STUDENT_LEGACY_TARGETS,
  studentsApi,
  type TColumnMapping,
  type TLegacyDateFormat,
  type TLegacyFileColumns,
  type TLegacyTarget,
} from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../../app/http/api-error';
import { uploadFile } from '../../../../app/http/upload-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { actorOf } from '../../../../shells/common/menu';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { PageHeader } from '../../../../ui/page-header';
import { ScrollRegion } from '../../../../ui/scroll-region';
import { useGetCurrentUser } from '../../../auth';
import { jobFailure, JobProgress } from '../../../jobs';
import { importsKey, uploadedSummary } from '../api/student-imports';

type TKind = 'students' | 'scholars';

const KINDS: Record<TKind, { label: string; targets: readonly TLegacyTarget[]; maxRows: number; columnsPath: string }> = {
  students: {
    label: 'Student records',
    targets: STUDENT_LEGACY_TARGETS,
    maxRows: IMPORT_MAX_ROWS,
    columnsPath: studentsApi.readStudentImportColumns.path,
  },
  scholars: {
    label: 'Scholar records',
    targets: LEGACY_SCHOLAR_COLUMNS,
    maxRows: LEGACY_SCHOLAR_MAX_ROWS,
    columnsPath: scholarsApi.readScholarLegacyColumns.path,
  },
};

const NOT_IN_FILE = '';
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** An ISO date as the office reads it, MM/DD/YYYY, from its text (never through Date). */
const usDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso);

const uploadError = (e: unknown) =>
  isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.';

/** Field errors of the server ("columns.<key>") by Meridian column. */
function columnErrorsOf(fieldErrors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldErrors ?? {})) if (k.startsWith('columns.') && v[0]) out[k.slice(8)] = v[0];
  return out;
}

/** Step 2: each column Meridian reads, the file's column it is read from, and the first row's value. */
function MatchingTable({
  targets,
  file,
  mapping,
  errors,
  onChange,
}: {
  targets: readonly TLegacyTarget[];
  file: TLegacyFileColumns;
  mapping: TColumnMapping;
  errors: Record<string, string>;
  onChange: (key: string, header: string) => void;
}) {
  const ordered = [...targets.filter((t) => t.isRequired), ...targets.filter((t) => !t.isRequired)];
  return (
    <ScrollRegion>
      <Table size="small" aria-label="Column matching" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Meridian field
            </TableCell>
            <TableCell component="th" scope="col" sx={{ width: 300 }}>
              Column in your file
            </TableCell>
            <TableCell component="th" scope="col">
              First row’s value
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ordered.map((t) => {
            const source = mapping[t.key] ?? NOT_IN_FILE;
            const at = source ? file.headers.indexOf(source) : -1;
            const id = `match-${t.key}`;
            return (
              <TableRow key={t.key}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }} id={`${id}-label`}>
                    {t.label}
                    {t.isRequired ? ' (required)' : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t.help}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    id={id}
                    label={t.label}
                    value={source}
                    onChange={(e) => onChange(t.key, e.target.value)}
                    error={!!errors[t.key]}
                    helperText={errors[t.key]}
                  >
                    <MenuItem value={NOT_IN_FILE}>
                      <em>Not in the file</em>
                    </MenuItem>
                    {file.headers.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{at >= 0 ? file.sample[0]?.[at] || '(empty)' : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** Step 3 for scholars: what would be created and every problem; converting is all rows or none. */
function ScholarPreview({
  preview,
  targets,
  busy,
  onConvert,
}: {
  preview: scholarsApi.TScholarLegacyPreview;
  targets: readonly TLegacyTarget[];
  busy: boolean;
  onConvert: () => void;
}) {
  const labelOf = (key: string) => targets.find((t) => t.key === key)?.label ?? key;
  const clean = preview.errorCount === 0 && preview.mappingIssues.length === 0;
  return (
    <Stack spacing={2}>
      {clean ? (
        <Alert severity="success">
          All {count(preview.readyCount, 'scholar', 'scholars')} can be converted
          {preview.closedCount ? `; ${count(preview.closedCount, 'case has', 'cases have')} ended and will be converted closed` : ''}.
        </Alert>
      ) : (
        <Alert severity="error">
          {count(preview.rowsWithErrors, 'row has', 'rows have')} problems ({count(preview.errorCount, 'problem', 'problems')} in all).
          Nothing is converted until every row is right: correct the file, or the matching, and check it again.
        </Alert>
      )}
      {preview.issues.length ? (
        <Box>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Problems
          </Typography>
          <ScrollRegion>
            <Table size="small" aria-label="Problems" sx={{ minWidth: 600 }}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Row
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Field
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Problem
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.issues.map((i) => (
                  <TableRow key={`${i.row}-${i.column}-${i.message}`}>
                    <TableCell>{i.row}</TableCell>
                    <TableCell>{labelOf(i.column)}</TableCell>
                    <TableCell>{i.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          {preview.errorCount > preview.issues.length ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The first {preview.issues.length.toLocaleString('en-US')} problems are listed.
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {preview.ready.length ? (
        <Box>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Scholars as they will be converted
            {preview.readyCount > preview.ready.length
              ? ` (the first ${preview.ready.length} of ${preview.readyCount.toLocaleString('en-US')})`
              : ''}
          </Typography>
          <ScrollRegion>
            <Table size="small" aria-label="Scholars as they will be converted" sx={{ minWidth: 860 }}>
              <TableHead>
                <TableRow>
                  {['Row', 'Name', 'E-mail', 'Employee ID', 'Department', 'Visa type', 'Start', 'End', 'Case'].map((h) => (
                    <TableCell key={h} component="th" scope="col">
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.ready.map((r) => (
                  <TableRow key={r.row}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{r.email || '—'}</TableCell>
                    <TableCell>{r.employeeId || '—'}</TableCell>
                    <TableCell>{r.department}</TableCell>
                    <TableCell>{r.visa}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(r.startDate)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(r.endDate)}</TableCell>
                    <TableCell>{r.phase === 'closed' ? 'Closed (ended)' : 'Active'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </Box>
      ) : null}
      <Box>
        <Button variant="contained" disabled={!clean || busy} onClick={onConvert}>
          {busy ? 'Converting…' : clean ? `Convert ${count(preview.readyCount, 'scholar', 'scholars')}` : 'Convert'}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * #/isss/convert-from-legacy (Configuration › Convert from Legacy): a legacy system's export of student or
 * scholar records, its columns matched to Meridian's, checked whole, then created all at once or not at all.
 */
export function ConvertFromLegacyPage() {
  useDocumentTitle('Convert from Legacy');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const kinds = (['students', 'scholars'] as const).filter((k) => can(actor, k === 'students' ? 'students.import' : 'scholars.import'));
  const [chosenKind, setKind] = useState<TKind | null>(null);
  const kind: TKind = chosenKind ?? kinds[0] ?? 'students';
  const { targets, maxRows, columnsPath } = KINDS[kind];

  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<TLegacyFileColumns | null>(null);
  const [mapping, setMapping] = useState<TColumnMapping>({});
  const [dateFormat, setDateFormat] = useState<TLegacyDateFormat>('MM/DD/YYYY');
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverColumnErrors, setServerColumnErrors] = useState<Record<string, string>>({});
  const [checkError, setCheckError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [preview, setPreview] = useState<scholarsApi.TScholarLegacyPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<scholarsApi.TScholarLegacyResult | null>(null);
  const { ask, dialog } = useConfirm();
  // A new preview or result takes the focus, so keyboard and screen reader users land on what the check found.
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview || done) resultHeading.current?.focus();
  }, [preview, done]);

  const reset = (next: TKind | null = chosenKind) => {
    setKind(next);
    setFile(null);
    setColumns(null);
    setMapping({});
    setFileError(null);
    setServerColumnErrors({});
    setCheckError(null);
    setShowErrors(false);
    setPreview(null);
    setDone(null);
  };

  const onFile = (f: File) => {
    reset(kind);
    setProgress(0);
    uploadFile<TLegacyFileColumns>(columnsPath, f, (x) => setProgress(Math.min(x, 0.99)))
      .then((c) => {
        setFile(f);
        setColumns(c);
        setMapping(c.suggested);
        // A first guess at the dates: ISO when the first row's dates read so.
        const firstDate = targets
          .filter((t) => t.key.endsWith('_date'))
          .map((t) => c.sample[0]?.[c.headers.indexOf(c.suggested[t.key] ?? '')] ?? '')
          .find(Boolean);
        setDateFormat(firstDate && /^\d{4}-\d{1,2}-\d{1,2}/.test(firstDate) ? 'YYYY-MM-DD' : 'MM/DD/YYYY');
      })
      .catch((e: unknown) => setFileError(uploadError(e)))
      .finally(() => setProgress(null));
  };

  const local = useMemo(() => (columns ? applyColumnMapping(columns.headers, mapping, targets).issues : []), [columns, mapping, targets]);
  const columnErrors = useMemo(() => {
    const out: Record<string, string> = { ...serverColumnErrors };
    if (showErrors) for (const i of local) out[i.field] ??= i.message;
    return out;
  }, [local, serverColumnErrors, showErrors]);

  const fields = () => ({ columns: JSON.stringify(mapping), dateFormat });

  const studentJobEnded = useCallback(
    (job: jobsApi.TJob) => {
      setJobId(null);
      void qc.invalidateQueries({ queryKey: importsKey });
      const summary = job.status === 'completed' ? uploadedSummary(job) : null;
      if (summary) void navigate(`/isss/batch-upload-list/${summary.id}`);
      else {
        const e = jobFailure(job);
        setServerColumnErrors(columnErrorsOf(e.fieldErrors));
        setCheckError(e.fieldErrors?.file?.[0] ?? e.message);
      }
    },
    [qc, navigate],
  );

  const check = () => {
    setShowErrors(true);
    setCheckError(null);
    setServerColumnErrors({});
    setPreview(null);
    if (!file || local.length) {
      if (local.length) setCheckError('Match every required field to a column of the file, each column once.');
      return;
    }
    setProgress(0);
    const path = kind === 'students' ? studentsApi.uploadStudentImport.path : scholarsApi.previewScholarLegacyConversion.path;
    uploadFile<jobsApi.TJob | scholarsApi.TScholarLegacyPreview>(path, file, (x) => setProgress(Math.min(x, 0.99)), fields())
      .then((answer) => {
        if (kind === 'students') setJobId((answer as jobsApi.TJob).id);
        else {
          const p = answer as scholarsApi.TScholarLegacyPreview;
          setPreview(p);
          const fromServer: Record<string, string> = {};
          for (const i of p.mappingIssues) fromServer[i.field] ??= i.message;
          setServerColumnErrors(fromServer);
        }
      })
      .catch((e: unknown) => {
        if (isApiError(e)) setServerColumnErrors(columnErrorsOf(e.fieldErrors));
        setCheckError(uploadError(e));
      })
      .finally(() => setProgress(null));
  };

  const convert = async () => {
    if (!file || !preview) return;
    const ok = await ask({
      title: 'Convert these scholars?',
      message: `${count(preview.readyCount, 'scholar and their case', 'scholars and their cases')} will be created in Meridian, all at once. This cannot be undone from this page.`,
      confirmLabel: 'Convert',
    });
    if (!ok) return;
    setBusy(true);
    setCheckError(null);
    uploadFile<scholarsApi.TScholarLegacyResult>(scholarsApi.commitScholarLegacyConversion.path, file, () => {}, fields())
      .then((r) => {
        setDone(r);
        setPreview(null);
        void qc.invalidateQueries({ queryKey: ['scholars'] });
      })
      .catch((e: unknown) => {
        if (isApiError(e)) setServerColumnErrors(columnErrorsOf(e.fieldErrors));
        setCheckError(uploadError(e));
      })
      .finally(() => setBusy(false));
  };

  if (me.isPending) return null;
  return (
    <Box>
      <PageHeader
        title="Convert from Legacy"
        subtitle="Bring the records of your previous system into Meridian: upload its export (CSV or Excel), tell Meridian which of its columns holds what, and check every row. Nothing is created until every row is right, and then all rows are created at once."
      />
      {dialog}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          1. Choose the export
        </Typography>
        {kinds.length > 1 ? (
          <FormControl sx={{ mb: 2 }}>
            <FormLabel id="legacy-kind-label">What does the file hold?</FormLabel>
            <RadioGroup row aria-labelledby="legacy-kind-label" value={kind} onChange={(e) => reset(e.target.value as TKind)}>
              {kinds.map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio />}
                  label={KINDS[k].label}
                  disabled={progress !== null || !!jobId || busy}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {KINDS[kind].label}: one row per {kind === 'students' ? 'student' : 'scholar'}, the first row holds the column names.
          </Typography>
        )}
        <FileDropZone
          label={`Legacy export of ${kind === 'students' ? 'students' : 'scholars'} (CSV or XLSX)`}
          accept={ACCEPT}
          progress={columns ? null : progress}
          disabled={!!jobId || busy}
          error={fileError}
          onFile={onFile}
        />
        {columns ? (
          <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
            {columns.fileName}: {count(Math.min(columns.rowCount, maxRows), 'row', 'rows')}
            {columns.rowCount > maxRows
              ? ` or more; at most ${maxRows.toLocaleString('en-US')} rows per file, split it into several files.`
              : ''}
            , {count(columns.headers.length, 'column', 'columns')}.
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Up to {maxRows.toLocaleString('en-US')} rows per file, 10 MB.
          </Typography>
        )}
      </Paper>

      {columns && !done ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            2. Match the columns
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Meridian guessed from the column names; check each field. Columns you leave out are not read.
            {kind === 'students'
              ? ' The rows are checked as a Batch Upload: the preview opens there, and you import it from there.'
              : ' A case whose end date has passed is converted closed; any other is active, processed as its visa type.'}
          </Typography>
          <TextField
            select
            size="small"
            id="legacy-date-format"
            label="Dates in the file are written as"
            value={dateFormat}
            onChange={(e) => setDateFormat(e.target.value as TLegacyDateFormat)}
            sx={{ mb: 2, width: { xs: '100%', sm: 340 } }}
            helperText="For example 12/31/2026, 2026-12-31, 31/12/2026 or 31.12.2026."
          >
            {LEGACY_DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
          <MatchingTable
            targets={targets}
            file={columns}
            mapping={mapping}
            errors={columnErrors}
            onChange={(key, header) => {
              setMapping((m) => {
                const next = { ...m };
                if (header) next[key] = header;
                else delete next[key];
                return next;
              });
              setServerColumnErrors((e) => {
                const { [key]: _, ...rest } = e;
                return rest;
              });
            }}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button variant="contained" onClick={check} disabled={progress !== null || !!jobId || busy}>
              Check the rows
            </Button>
            {progress !== null ? (
              <Typography variant="body2" aria-live="polite">
                Sending the file…
              </Typography>
            ) : null}
          </Stack>
          {checkError ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {checkError}
            </Alert>
          ) : null}
          {jobId ? (
            <Box sx={{ mt: 2 }}>
              <JobProgress jobId={jobId} label="Checking the rows" onEnd={studentJobEnded} />
            </Box>
          ) : null}
        </Paper>
      ) : null}

      {preview ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }} tabIndex={-1} ref={resultHeading}>
            3. Check and convert
          </Typography>
          <ScholarPreview preview={preview} targets={targets} busy={busy} onConvert={() => void convert()} />
        </Paper>
      ) : null}

      {done ? (
        <Alert severity="success" role="status">
          <Typography component="h2" variant="body1" tabIndex={-1} ref={resultHeading} sx={{ fontWeight: 600 }}>
            Converted
          </Typography>
          {count(done.created, 'scholar was', 'scholars were')} converted from {done.fileName}
          {done.closed ? ` (${count(done.closed, 'case', 'cases')} closed)` : ''}.{' '}
          <Link href="#/admin/dashboard">Open the scholar dashboard</Link>, or choose another file above.
        </Alert>
      ) : null}
    </Box>
  );
}
