import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_IMPORT_COLUMNS,
  ACTIVE_IMPORT_MAX_BYTES,
  ACTIVE_IMPORT_MAX_ROWS,
  activeImportTemplateCsv,
  studentsApi,
  type jobsApi,
} from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { isApiError } from '../../../../app/http/api-error';
import { saveBlob } from '../../../../app/http/download-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { DataTable, usePaging, type TColumn } from '../../../../ui/data-table';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { PageHeader } from '../../../../ui/page-header';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';
import { ACTIVE_IMPORT_COMPARE_JOB, activeImportsKey, uploadActiveImport, useListActiveImports } from '../api/active-imports';
import { ActiveImportStatusChip } from '../components/active-import-status-chip';

const n = (x: number) => x.toLocaleString('en-US');

/** The columns guide: every column optional but the match keys, which need one of the two. */
const GUIDE_COLUMNS = ACTIVE_IMPORT_COLUMNS.map((c) => ({ key: c.key, isRequired: false, help: c.help, example: c.example }));

function downloadTemplate() {
  saveBlob(new Blob([`\uFEFF${activeImportTemplateCsv()}`], { type: 'text/csv;charset=utf-8' }), 'active-student-feed-template.csv');
}

const columnsFor = ({ formatDateTime }: TOfficeDates): TColumn<studentsApi.TActiveImportSummary>[] => [
  {
    key: 'file',
    header: 'Feed',
    isRowHeader: true,
    cell: (s) => (
      <Link component={RouterLink} to={`/isss/active-student-import-list/${s.id}`}>
        {s.fileName}
      </Link>
    ),
  },
  { key: 'by', header: 'Sent by', cell: (s) => s.createdBy },
  { key: 'at', header: 'Compared', noWrap: true, cell: (s) => formatDateTime(s.createdAt) },
  { key: 'rows', header: 'Rows', align: 'right', cell: (s) => n(s.rowCount) },
  { key: 'changed', header: 'Changes', align: 'right', cell: (s) => n(s.counts.changed) },
  { key: 'notFound', header: 'Not found', align: 'right', cell: (s) => n(s.counts.not_found) },
  { key: 'absent', header: 'Not in the feed', align: 'right', cell: (s) => n(s.counts.absent) },
  { key: 'applied', header: 'Applied', align: 'right', cell: (s) => n(s.applied) },
  { key: 'status', header: 'Status', cell: (s) => <ActiveImportStatusChip status={s.status} /> },
];

/** #/isss/active-student-import-list: upload the SIS enrolment feed, then compare; the imports so far (docs/product/active-student-import.md). */
export function ActiveImportPage() {
  useDocumentTitle('Active Student Import');
  const dates = useFormatDates();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const paging = usePaging();
  const history = useListActiveImports({ page: paging.page, pageSize: paging.pageSize });
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  // Reading and comparing run on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(ACTIVE_IMPORT_COMPARE_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? active.data?.id ?? null;
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', ACTIVE_IMPORT_COMPARE_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: activeImportsKey });
      const parsed = job.status === 'completed' ? studentsApi.ZActiveImportSummary.safeParse(job.result) : null;
      if (parsed?.success) void navigate(`/isss/active-student-import-list/${parsed.data.id}`);
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
    uploadActiveImport(file, (f) => setProgress(Math.min(f, 0.99)))
      .then((job) => setStarted(job.id))
      .catch((e: unknown) =>
        setErrors([isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.']),
      )
      .finally(() => setProgress(null));
  };

  return (
    <Box>
      <PageHeader
        title="Active Student Import"
        subtitle="Keep the student records in step with the campus student information system: upload its enrolment feed (one row per active student), compare it with the records, then apply the changes you accept."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Upload the enrolment feed
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <FileDropZone
              label="Enrolment feed (.csv or .xlsx)"
              maxBytes={ACTIVE_IMPORT_MAX_BYTES}
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
            {jobId ? <JobProgress jobId={jobId} label="Comparing the feed with the student records" onEnd={ended} /> : null}
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              One row per active student; the first row names the columns, in any order. Each row needs a SEVIS ID or a campus ID; an empty
              cell leaves the record’s value as it is. Up to {n(ACTIVE_IMPORT_MAX_ROWS)} rows. Nothing changes until you apply the
              comparison.
            </Typography>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={downloadTemplate}>
              Download template (CSV)
            </Button>
          </Box>
        </Stack>
        <FileColumnsGuide id="active-import-columns" label="Feed columns" columns={GUIDE_COLUMNS} margin={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Headers may also be written as their names (“Family name”, “Expected graduation date”, “Student ID”…), in any case; other
            columns are listed as ignored. The campus can send the same rows as JSON to{' '}
            <code>POST {studentsApi.pushActiveStudents.path}</code> with an integration key (students:write); see the API documentation.
          </Typography>
        </FileColumnsGuide>
      </Paper>
      <Paper variant="outlined">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', p: 2, pb: 1 }}>
          Imports
        </Typography>
        <DataTable
          label="Active student imports"
          columns={columnsFor(dates)}
          rows={history.data?.items}
          rowKey={(s) => s.id}
          query={history}
          loadingLabel="Loading imports"
          empty="No feed has been compared yet."
          minWidth={900}
          total={history.data?.total ?? 0}
          paging={paging}
        />
      </Paper>
    </Box>
  );
}
