import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { HR_FEED_COLUMNS, HR_FEED_MAX_BYTES, HR_FEED_MAX_ROWS, hrFeedTemplateCsv, scholarsApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { saveBlob } from '../../../../app/http/download-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { DataTable, usePaging, type TColumn } from '../../../../ui/data-table';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { PageHeader } from '../../../../ui/page-header';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';
import { HR_COMPARE_JOB, hrImportsKey, uploadHrFeed, useListHrImports } from '../api/hr-updates';
import { HrImportStatusChip } from '../components/hr-import-status-chip';

const n = (x: number) => x.toLocaleString('en-US');

/** The columns guide: the employee ID is required, the rest optional; each says what it is compared with. */
const GUIDE_COLUMNS = HR_FEED_COLUMNS.map((c) => ({
  key: c.key,
  isRequired: c.field === 'employeeId',
  help: `${c.help} Compared with: ${c.compared}.`,
  example: c.example,
}));

function downloadTemplate() {
  saveBlob(new Blob([`\uFEFF${hrFeedTemplateCsv()}`], { type: 'text/csv;charset=utf-8' }), 'scholar-hr-feed-template.csv');
}

const columnsFor = ({ formatDateTime }: TOfficeDates): TColumn<scholarsApi.THrImportSummary>[] => [
  {
    key: 'file',
    header: 'Feed',
    isRowHeader: true,
    cell: (s) => (
      <Link component={RouterLink} to={`/admin/scholar-SIS-requests-compare/${s.id}`}>
        {s.fileName}
      </Link>
    ),
  },
  { key: 'by', header: 'Sent by', cell: (s) => s.createdBy },
  { key: 'at', header: 'Compared', noWrap: true, cell: (s) => formatDateTime(s.createdAt) },
  { key: 'rows', header: 'Rows', align: 'right', cell: (s) => n(s.rowCount) },
  { key: 'differ', header: 'Scholars with differences', align: 'right', cell: (s) => n(s.counts.changed) },
  { key: 'pending', header: 'Changes to decide', align: 'right', cell: (s) => n(s.changes.pending) },
  { key: 'accepted', header: 'Accepted', align: 'right', cell: (s) => n(s.changes.accepted) },
  { key: 'rejected', header: 'Rejected', align: 'right', cell: (s) => n(s.changes.rejected) },
  { key: 'unmatched', header: 'Unmatched', align: 'right', cell: (s) => n(s.counts.not_found + s.counts.no_case) },
  { key: 'status', header: 'Status', cell: (s) => <HrImportStatusChip status={s.status} /> },
];

/** #/admin/scholar-SIS-requests: upload the HR appointment feed, then compare; the comparisons so far (docs/product/scholar-hr-updates.md). */
export function HrUpdatesPage() {
  useDocumentTitle('Scholar HR Updates');
  const dates = useFormatDates();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const paging = usePaging();
  const history = useListHrImports({ page: paging.page, pageSize: paging.pageSize });
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  // Reading and comparing run on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(HR_COMPARE_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? active.data?.id ?? null;
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', HR_COMPARE_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: hrImportsKey });
      const parsed = job.status === 'completed' ? scholarsApi.ZHrImportSummary.safeParse(job.result) : null;
      if (parsed?.success) void navigate(`/admin/scholar-SIS-requests-compare/${parsed.data.id}${parsed.data.isRepeat ? '?repeat=1' : ''}`);
      else {
        const e = jobFailure(job);
        const lines = e.fieldErrors?.file ?? [];
        setErrors(lines.length > 1 ? [e.message, ...lines] : [lines[0] ?? e.message]);
      }
    },
    [qc, navigate],
  );
  const onFile = (file: File) => {
    setErrors(null);
    setProgress(0);
    uploadHrFeed(file, (f) => setProgress(Math.min(f, 0.99)))
      .then((job) => setStarted(job.id))
      .catch((e: unknown) =>
        setErrors([isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.']),
      )
      .finally(() => setProgress(null));
  };

  return (
    <Box>
      <PageHeader
        title="Scholar HR Updates"
        subtitle="Keep the scholar cases in step with the campus HR system: upload its appointment feed (one row per scholar or employee), compare it with the cases, then accept or reject each difference."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Upload the HR feed
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <FileDropZone
              label="HR appointment feed (.csv or .xlsx)"
              maxBytes={HR_FEED_MAX_BYTES}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              progress={progress}
              disabled={!!jobId}
              error={errors?.[0] ?? null}
              onFile={onFile}
            />
            {errors && errors.length > 1 ? (
              <Box
                component="ul"
                aria-label="Problems in the feed"
                sx={{ color: 'error.main', mt: 1, mb: 0, pl: 3, maxHeight: 240, overflow: 'auto' }}
              >
                {errors.slice(1).map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            ) : null}
            {progress !== null ? (
              <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
                Uploading the feed…
              </Typography>
            ) : null}
            {jobId ? <JobProgress jobId={jobId} label="Comparing the feed with the scholar cases" onEnd={ended} /> : null}
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              One row per scholar or employee; the first row names the columns, in any order. Each row needs the employee ID the scholar has
              in Meridian; an empty cell leaves Meridian’s value as it is. Up to {n(HR_FEED_MAX_ROWS)} rows. Nothing changes until you
              accept a change.
            </Typography>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={downloadTemplate}>
              Download template (CSV)
            </Button>
          </Box>
        </Stack>
        <FileColumnsGuide id="hr-feed-columns" label="Feed columns" columns={GUIDE_COLUMNS} margin={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Headers may also be written as their names (“Job Title”, “EMPLID”, “Annual Salary”…), in any case; other columns are listed as
            not read. HR can send the same rows as JSON to <code>POST {scholarsApi.pushScholarHrFeed.path}</code> with an integration key
            (scholars:write); see the API documentation.
          </Typography>
        </FileColumnsGuide>
      </Paper>
      <Paper variant="outlined">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', p: 2, pb: 1 }}>
          Comparisons
        </Typography>
        <DataTable
          label="HR feed comparisons"
          columns={columnsFor(dates)}
          rows={history.data?.items}
          rowKey={(s) => s.id}
          query={history}
          loadingLabel="Loading comparisons"
          empty="No HR feed has been compared yet."
          minWidth={1000}
          total={history.data?.total ?? 0}
          paging={paging}
        />
      </Paper>
    </Box>
  );
}
