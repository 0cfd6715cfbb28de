import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import { IMPORT_COLUMNS, type jobsApi, type studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Pager, usePaging } from '../../../../ui/data-table';
import { snack, toast } from '../../../../ui/notify';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import {
  COMMIT_IMPORT_JOB,
  commitOutput,
  downloadImportErrors,
  rememberedCommitJob,
  useCommitEnded,
  useCommitStudentImport,
  useDiscardStudentImport,
  useGetStudentImport,
} from '../api/student-imports';
import { ImportStatusChip } from '../components/import-status-chip';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';

const LABEL = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.key, c.label]));

function Count({ label, value, tone }: { label: string; value: number; tone?: 'error' | 'warning' }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography
        variant="h3"
        component="p"
        sx={{ fontSize: '1.6rem', fontWeight: 600, color: value && tone ? `${tone}.dark` : 'text.primary' }}
      >
        {value.toLocaleString('en-US')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** Which rows the grid shows. */
type TRowsShown = 'all' | 'errors' | 'warnings';

// The file's rows are wide: a grid of its own (sticky header, errors on their cells), with the shared pager.
const ROW_PAGE_SIZES = [25, 50, 100, 200];

/** #/isss/batch-upload-list/:importId: the checked rows of an upload, then import all or discard. */
export function BatchUploadPreviewPage() {
  const { formatDateTime } = useFormatDates();
  const { importId = '' } = useParams();
  const navigate = useNavigate();
  const paging = usePaging({ pageSize: 50, pageSizes: ROW_PAGE_SIZES });
  const [shown, setShown] = useState<TRowsShown>('all');
  const preview = useGetStudentImport(importId, {
    page: paging.page,
    pageSize: paging.pageSize,
    onlyErrors: shown === 'errors' ? '1' : '0',
    onlyWarnings: shown === 'warnings' ? '1' : '0',
  });
  const commit = useCommitStudentImport();
  const discard = useDiscardStudentImport();
  const [asking, setAsking] = useState<'commit' | 'discard' | null>(null);
  const [done, setDone] = useState<studentsApi.TCommitImportOutput | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // The import runs on the server as a job; this upload's page, reloaded meanwhile, finds it again.
  const active = useActiveJobOf(COMMIT_IMPORT_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? (active.data && active.data.id === rememberedCommitJob(importId) ? active.data.id : null);
  const commitEnded = useCommitEnded();
  const refetch = preview.refetch;
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      setAsking(null);
      commitEnded(importId);
      const out = job.status === 'completed' ? commitOutput(job) : null;
      if (out) {
        setDone(out);
        snack(`${out.created} students were created.`, 'success');
      } else {
        setRefused(job.status === 'failed' ? jobFailure(job).message : 'The import failed; nothing was created.');
        void refetch();
      }
    },
    [commitEnded, importId, refetch],
  );
  const importing = commit.isPending || !!jobId;
  const data = preview.data;
  useDocumentTitle(data ? `Batch Upload: ${data.import.fileName}` : 'Batch Upload');

  if (preview.isPending && !preview.isError) return <PageLoader />;
  if (!data) {
    return (
      <Alert severity="error" action={<Button href="#/isss/batch-upload-list">Back to uploads</Button>}>
        This upload was not found or you may not open it.
      </Alert>
    );
  }
  const s = data.import;
  const canCommit = s.status === 'previewed' && s.errorCount === 0;
  const columns = data.columns.filter((c) => c !== '_row');
  // What SEVIS needs of a column the file does not have is shown in a last column of its own.
  const inFile = new Set(columns);
  const elsewhere = (warnings: Record<string, string[]>) => Object.entries(warnings).flatMap(([c]) => (inFile.has(c) ? [] : [{ c }]));
  const hasElsewhere = data.rows.some((r) => elsewhere(r.warnings).length > 0);

  const onCommit = () =>
    commit.mutate(importId, {
      onSuccess: (job) => {
        setAsking(null);
        setStarted(job.id);
      },
      onError: (e) => {
        setAsking(null);
        setRefused(isApiError(e) ? e.message : 'The import failed; nothing was created.');
        void preview.refetch();
      },
    });
  const onDiscard = () =>
    discard.mutate(importId, {
      onSuccess: () => {
        setAsking(null);
        snack('The preview was discarded.', 'success');
        void navigate('/isss/batch-upload-list');
      },
      onError: () => setAsking(null),
    });

  return (
    <Box>
      <Link href="#/isss/batch-upload-list" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ArrowBack fontSize="small" aria-hidden /> All uploads
      </Link>
      <PageHeader
        title={s.fileName}
        subtitle={
          <>
            Uploaded by {s.createdBy} on {formatDateTime(s.createdAt)} · <ImportStatusChip s={s} />
          </>
        }
        actions={
          <>
            {s.errorCount || s.warningCount ? (
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                onClick={() => void downloadImportErrors(importId).catch(() => toast('The report could not be downloaded.'))}
              >
                {s.errorCount ? 'Error report (CSV)' : 'What SEVIS needs (CSV)'}
              </Button>
            ) : null}
            {s.status === 'previewed' || s.status === 'failed' ? (
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<DeleteOutline />}
                disabled={importing}
                onClick={() => setAsking('discard')}
              >
                Discard
              </Button>
            ) : null}
            {s.status === 'previewed' ? (
              <Button
                variant="contained"
                startIcon={<PlaylistAddCheck />}
                disabled={!canCommit || importing}
                onClick={() => setAsking('commit')}
              >
                Import {s.rowCount.toLocaleString('en-US')} students
              </Button>
            ) : null}
          </>
        }
      />

      {jobId ? <JobProgress jobId={jobId} label="Importing students" onEnd={ended} /> : null}
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          <AlertTitle>Imported</AlertTitle>
          {done.created.toLocaleString('en-US')} student records were created in stage Invited
          {done.sevisCreateEvents
            ? `; ${done.sevisCreateEvents === 1 ? 'the one' : done.sevisCreateEvents.toLocaleString('en-US')} without a SEVIS ID ${done.sevisCreateEvents === 1 ? 'has' : 'have'} a Create event waiting in the SEVIS batch`
            : ''}
          {done.sevisCreatesWaiting
            ? ` (${done.sevisCreatesWaiting.toLocaleString('en-US')} of them held until the record has what SEVIS needs)`
            : ''}
          . <Link href="#/isss/newly-admitted-students">Invite them to the portal</Link>.
        </Alert>
      ) : null}
      {!done && s.status === 'committed' ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Imported on {formatDateTime(s.committedAt)}: {s.rowCount.toLocaleString('en-US')} student records were created.{' '}
          <Link href="#/isss/newly-admitted-students">Newly Admitted Students</Link>
        </Alert>
      ) : null}
      {refused || s.note ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Not imported</AlertTitle>
          {refused ?? s.note}
        </Alert>
      ) : null}
      {s.status === 'previewed' && s.errorCount ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Nothing can be imported while the file has errors. Correct the rows marked below in your file (or download the error report), then
          upload it again.
        </Alert>
      ) : null}
      {canCommit && !done && !importing ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Every row passed the checks. Import creates all {s.rowCount.toLocaleString('en-US')} records at once, or none if something changed
          meanwhile.
        </Alert>
      ) : null}
      {s.status === 'previewed' && s.rowsWithWarnings ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>What SEVIS will need</AlertTitle>
          {s.rowsWithWarnings === 1 ? 'One row creates' : `${s.rowsWithWarnings.toLocaleString('en-US')} rows create`} a SEVIS record but
          lack{s.rowsWithWarnings === 1 ? 's' : ''} what SEVIS needs for the I-20 or DS-2019 (marked “SEVIS needs” below). They import;
          their SEVIS Create waits in the Batch Manager until the record is completed, on the student record or by the student in the
          portal. Or add what is missing to your file and upload it again.
          {data.sevisNeeds.length ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} aria-label="What SEVIS needs, by column">
              {data.sevisNeeds.map((n) => (
                <li key={n.column}>
                  <strong>{LABEL.get(n.column) ?? n.column}</strong>: {n.rows === 1 ? '1 row' : `${n.rows.toLocaleString('en-US')} rows`}
                  {n.inFile ? '' : ' (the file has no such column)'}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      {data.fileIssues.filter((i) => i.column !== '_commit').length ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Problems with the file's columns (row 1)</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.fileIssues
              .filter((i) => i.column !== '_commit')
              .map((i) => (
                <li key={`${i.column}-${i.message}`}>
                  <strong>{i.column}</strong>: {i.message}
                </li>
              ))}
          </Box>
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Count label="Students in the file" value={s.rowCount} />
          <Count label="Rows with errors" value={s.rowsWithErrors} tone="error" />
          <Count label="Errors" value={s.errorCount} tone="error" />
          <Count label="Rows SEVIS needs more of" value={s.rowsWithWarnings} tone="warning" />
        </Stack>
      </Paper>

      {s.status !== 'committed' && s.status !== 'discarded' ? (
        <Paper variant="outlined">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2, pb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
              Rows
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label="Rows to show"
              value={shown}
              onChange={(_, v: TRowsShown | null) => {
                if (!v) return;
                setShown(v);
                paging.onPage(1, paging.pageSize);
              }}
            >
              <ToggleButton value="all">All rows</ToggleButton>
              <ToggleButton value="errors">With errors</ToggleButton>
              <ToggleButton value="warnings">SEVIS needs more</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {preview.isFetching ? <LinearProgress aria-label="Loading rows" /> : <Box sx={{ height: 4 }} />}
          <TableContainer sx={{ maxHeight: '65vh' }}>
            <Table
              size="small"
              stickyHeader
              aria-label="Rows of the file with their errors and what SEVIS needs"
              sx={{ minWidth: 150 * (columns.length + 1), '& td, & th': { verticalAlign: 'top' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Row</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c} scope="col" sx={{ whiteSpace: 'nowrap' }}>
                      {LABEL.get(c) ?? c}
                    </TableCell>
                  ))}
                  {hasElsewhere ? (
                    <TableCell scope="col" sx={{ whiteSpace: 'nowrap' }}>
                      SEVIS needs (columns not in the file)
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={r.row}>
                    <TableCell component="th" scope="row">
                      {r.row}
                    </TableCell>
                    {columns.map((c) => {
                      const errs = r.errors[c];
                      const needs = r.warnings[c];
                      return (
                        <TableCell
                          key={c}
                          sx={
                            errs
                              ? { minWidth: 150, bgcolor: 'rgba(211, 47, 47, 0.08)', borderLeft: 3, borderLeftColor: 'error.main' }
                              : needs
                                ? { minWidth: 150, bgcolor: 'rgba(237, 108, 2, 0.10)', borderLeft: 3, borderLeftColor: 'warning.main' }
                                : { minWidth: 110 }
                          }
                        >
                          <Box sx={{ whiteSpace: 'pre-wrap', maxWidth: 220 }}>{r.values[c] ?? ''}</Box>
                          {errs
                            ? errs.map((m) => (
                                <Typography key={m} variant="caption" component="div" sx={{ color: 'error.dark', fontWeight: 600 }}>
                                  {m}
                                </Typography>
                              ))
                            : null}
                          {needs
                            ? needs.map((m) => (
                                <Typography key={m} variant="caption" component="div" sx={{ color: 'text.primary' }}>
                                  <strong>SEVIS needs:</strong> {m}
                                </Typography>
                              ))
                            : null}
                        </TableCell>
                      );
                    })}
                    {hasElsewhere ? (
                      <TableCell sx={{ minWidth: 420 }}>
                        <Typography variant="caption" component="div" sx={{ color: 'text.primary' }}>
                          {[...new Set(elsewhere(r.warnings).map(({ c }) => LABEL.get(c) ?? c))].join(', ')}
                        </Typography>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
                {data.rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length + (hasElsewhere ? 2 : 1)} sx={{ py: 3, textAlign: 'center' }}>
                      {shown === 'errors'
                        ? 'No row has an error.'
                        : shown === 'warnings'
                          ? 'SEVIS needs nothing more of any row.'
                          : 'No rows.'}
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager total={data.total} paging={paging} />
        </Paper>
      ) : null}

      <ConfirmDialog
        open={asking === 'commit'}
        title="Import students"
        message={`Create ${s.rowCount.toLocaleString('en-US')} student records from ${s.fileName}? They start in stage Invited with SEVIS status Initial; records without a SEVIS ID get a Create event in the SEVIS batch.`}
        confirmLabel="Import"
        busy={commit.isPending}
        onConfirm={onCommit}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'discard'}
        title="Discard this upload"
        message="Discard the preview? Nothing is created; you can upload the file again later."
        confirmLabel="Discard"
        destructive
        busy={discard.isPending}
        onConfirm={onDiscard}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
