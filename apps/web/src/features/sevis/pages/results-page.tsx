import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { SEVIS_EVENT_STATUS_LABELS, sevisApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FileDropZone } from '../../../ui/file-drop-zone';
import { DataTable, usePaging, type TColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/page-header';
import {
  IMPORT_TRANSACTION_LOG_JOB,
  resultsKey,
  uploadTransactionLog,
  useGetTransactionLog,
  useListTransactionLogs,
} from '../api/sevis-results';
import { useFollowedJob } from '../api/sevis-jobs';
import { JobProgress } from '../../jobs';

const codeLabel = (code: string) =>
  code ? `${code}${sevisApi.SEVIS_BATCH_RESULT_CODES[code] ? ` – ${sevisApi.SEVIS_BATCH_RESULT_CODES[code]}` : ''}` : '—';
const STATUS_COLOR = { succeeded: 'success', failed: 'error', unmatched: 'default' } as const;
const STATUS_LABEL = {
  succeeded: SEVIS_EVENT_STATUS_LABELS.succeeded,
  failed: SEVIS_EVENT_STATUS_LABELS.failed,
  unmatched: 'Awaiting result',
} as const;

const logColumnsFor = ({ formatDateTime }: TOfficeDates): TColumn<sevisApi.TTransLogSummary>[] => [
  { key: 'org', header: 'OrgID', cell: (l) => l.orgId },
  { key: 'file', header: 'File', cell: (l) => l.fileName },
  { key: 'result', header: 'Result', cell: (l) => codeLabel(l.resultCode) },
  { key: 'ok', header: 'Succeeded', align: 'right', cell: (l) => l.succeededCount },
  { key: 'failed', header: 'Failed', align: 'right', cell: (l) => l.failedCount },
  { key: 'by', header: 'Imported by', cell: (l) => l.importedBy },
  { key: 'at', header: 'Imported', noWrap: true, cell: (l) => formatDateTime(l.importedAt) },
];

/** The result of each record of a batch: student, event, SEVIS ID, status, code and message. */
function RecordResults({ records }: { records: sevisApi.TTransLogRecordResult[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Record results" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Student</TableCell>
            <TableCell scope="col">Update</TableCell>
            <TableCell scope="col">Request ID</TableCell>
            <TableCell scope="col">SEVIS ID</TableCell>
            <TableCell scope="col">Result</TableCell>
            <TableCell scope="col">SEVIS code and message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <TableRow key={r.requestId}>
              <TableCell component="th" scope="row">
                {r.profileId ? (
                  <Link component={RouterLink} to={sevisApi.sevisUpdatesPath(r.profileId, r.visaType)}>
                    {r.studentName || 'Student record'}
                  </Link>
                ) : (
                  r.studentName
                )}
              </TableCell>
              <TableCell>{r.eventType}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{r.requestId}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {r.sevisId ?? '—'}
                {r.dependentSevisIds.length ? (
                  <Typography variant="caption" component="div">
                    Dependents: {r.dependentSevisIds.join(', ')}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={STATUS_COLOR[r.status]} label={STATUS_LABEL[r.status]} />
              </TableCell>
              <TableCell>
                {r.resultCode ? <strong>{r.resultCode}</strong> : null}
                {r.message ? ` ${r.message}` : ''}
              </TableCell>
            </TableRow>
          ))}
          {records.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>This batch has no records.</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** #/isss/sevis-results: import the transaction log SEVIS returned for a batch; history of imported logs. */
export function ResultsPage() {
  useDocumentTitle('Transaction Logs');
  return <Results />;
}

function Results() {
  const dates = useFormatDates();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const batchId = params.get('batch');
  const paging = usePaging();
  const history = useListTransactionLogs({ page: paging.page, pageSize: paging.pageSize });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<sevisApi.TTransLogImportOutput | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const detail = useGetTransactionLog(openLog);
  // The import runs on the server as a job; a page reloaded meanwhile finds it again.
  const { jobId, follow, forget } = useFollowedJob(IMPORT_TRANSACTION_LOG_JOB);
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      forget();
      void qc.invalidateQueries({ queryKey: ['sevis'] });
      void qc.invalidateQueries({ queryKey: resultsKey });
      const parsed = job.status === 'completed' ? sevisApi.ZTransLogImportOutput.safeParse(job.result) : null;
      if (parsed?.success) {
        setResult(parsed.data);
        setOpenLog(null);
      } else setError(job.error?.fieldErrors?.file?.[0] ?? job.error?.message ?? 'The transaction log could not be imported.');
    },
    [forget, qc],
  );

  const onFile = (file: File) => {
    setError(null);
    setResult(null);
    setProgress(0);
    uploadTransactionLog(file, (f) => setProgress(Math.min(f, 0.99)))
      .then(follow)
      .catch((e: unknown) =>
        setError(isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.'),
      )
      .finally(() => setProgress(null));
  };

  return (
    <Box>
      <PageHeader
        title="Transaction Logs"
        subtitle="Import the results SEVIS returns for a batch: the transaction log (sevis_transaction_log.xml) or the whole zip with the printed forms. Each student's SEVIS update is marked succeeded or failed with SEVIS's code and message; created records receive their SEVIS IDs."
      />
      {batchId ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Import the log SEVIS returned for batch <strong>{batchId}</strong>: the log names its batch, so any log can be imported here.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Import a transaction log
        </Typography>
        <FileDropZone
          label="Transaction log (.xml) or SEVIS results (.zip)"
          maxBytes={sevisApi.TRANSLOG_MAX_BYTES}
          accept=".xml,.zip,text/xml,application/xml,application/zip"
          progress={progress}
          error={error}
          disabled={!!jobId}
          onFile={onFile}
        />
        {progress !== null ? (
          <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
            Uploading the file…
          </Typography>
        ) : null}
        {jobId ? <JobProgress jobId={jobId} label="Importing the transaction log" onEnd={ended} /> : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Importing the same log again changes nothing. When the batch interface is configured, “Fetch results” in the Batch Manager does
          this for you.
        </Typography>
      </Paper>

      {result ? (
        <Paper variant="outlined" sx={{ mb: 3 }} aria-live="polite">
          <Box sx={{ p: 2 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
              Batch {result.log.batchId} ({result.log.orgId})
            </Typography>
            <Alert severity={result.isDuplicate ? 'info' : result.log.failedCount ? 'warning' : 'success'}>
              {result.message}
              {!result.isDuplicate ? ` Batch result: ${codeLabel(result.log.resultCode)}.` : ''}
              {result.formsFound ? ` Printed forms: ${result.formsFound} in the zip, ${result.formsStored} filed on student records.` : ''}
            </Alert>
          </Box>
          <RecordResults records={result.records} />
        </Paper>
      ) : null}

      <Paper variant="outlined">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', p: 2, pb: 1 }}>
          Imported logs
        </Typography>
        <DataTable
          label="Imported transaction logs"
          columns={[
            {
              key: 'batch',
              header: 'Batch',
              isRowHeader: true,
              cell: (l) => (
                <Link
                  component="button"
                  type="button"
                  onClick={() => {
                    setOpenLog(openLog === l.id ? null : l.id);
                    setResult(null);
                  }}
                  aria-expanded={openLog === l.id}
                >
                  {l.batchId || '—'}
                </Link>
              ),
            },
            ...logColumnsFor(dates),
          ]}
          rows={history.data?.items}
          rowKey={(l) => l.id}
          rowProps={(l) => ({ selected: openLog === l.id })}
          query={history}
          loadingLabel="Loading logs"
          empty="No transaction log has been imported yet."
          minWidth={760}
          total={history.data?.total ?? 0}
          paging={paging}
        />
        {openLog && detail.data ? (
          <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', p: 2, pb: 1 }}>
              Records of batch {detail.data.log.batchId}
            </Typography>
            <RecordResults records={detail.data.records} />
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
