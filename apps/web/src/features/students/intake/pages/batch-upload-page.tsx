import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, importTemplateCsv, type jobsApi, type studentsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { SpreadsheetDropZone, useSpreadsheetUpload } from '../../../../ui/spreadsheet-drop-zone';
import { usePaging, type TColumn } from '../../../../ui/data-table';
import { saveBlob } from '../../../../app/http/download-file';
import { PageHeader } from '../../../../ui/page-header';
import { UploadsTableCard } from '../../../../ui/uploads-table-card';
import { importsKey, UPLOAD_IMPORT_JOB, uploadedSummary, uploadStudentImport, useListStudentImports } from '../api/student-imports';
import { ImportStatusChip } from '../components/import-status-chip';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';

/** Saves the template (header and one example row) made from the same column list the server checks. */
function downloadTemplate() {
  saveBlob(new Blob([`\uFEFF${importTemplateCsv()}`], { type: 'text/csv;charset=utf-8' }), 'student-upload-template.csv');
}

const uploadColumnsFor = ({ formatDateTime }: TOfficeDates): TColumn<studentsApi.TStudentImportSummary>[] => [
  {
    key: 'file',
    header: 'File',
    isRowHeader: true,
    cell: (s) => <Link href={`#/isss/batch-upload-list/${s.id}`}>{s.fileName}</Link>,
  },
  { key: 'by', header: 'Uploaded by', cell: (s) => s.createdBy },
  { key: 'at', header: 'Uploaded', noWrap: true, cell: (s) => formatDateTime(s.createdAt) },
  { key: 'rows', header: 'Students', align: 'right', cell: (s) => s.rowCount.toLocaleString('en-US') },
  { key: 'errors', header: 'Rows with errors', align: 'right', cell: (s) => s.rowsWithErrors.toLocaleString('en-US') },
  { key: 'status', header: 'Status', cell: (s) => <ImportStatusChip s={s} /> },
];

/** #/isss/batch-upload-list: upload a CSV or XLSX of new students, see the uploads so far. */
export function BatchUploadPage() {
  const dates = useFormatDates();
  useDocumentTitle('Batch Upload');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const paging = usePaging();
  const history = useListStudentImports({ page: paging.page, pageSize: paging.pageSize, status: 'all' });
  // The rows are checked on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(UPLOAD_IMPORT_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? active.data?.id ?? null;
  const { setErrors, ...upload } = useSpreadsheetUpload(uploadStudentImport, (job) => setStarted(job.id));
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', UPLOAD_IMPORT_JOB], { items: [] });
      void qc.invalidateQueries({ queryKey: importsKey });
      const summary = job.status === 'completed' ? uploadedSummary(job) : null;
      if (summary) void navigate(`/isss/batch-upload-list/${summary.id}`);
      else {
        const e = jobFailure(job);
        setErrors([e.fieldErrors?.file?.[0] ?? e.message]);
      }
    },
    [qc, navigate, setErrors],
  );

  return (
    <Box>
      <PageHeader
        title="Batch Upload"
        subtitle="Create many student records at once from a CSV or Excel (.xlsx) file. Every row is checked first: you see a preview with any errors, and nothing is created until you import an error-free file."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Upload a file
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <SpreadsheetDropZone
              label="CSV or XLSX file of students"
              upload={upload}
              disabled={!!jobId}
              uploadingText="Uploading the file…"
            >
              {jobId ? <JobProgress jobId={jobId} label="Checking the file" onEnd={ended} /> : null}
            </SpreadsheetDropZone>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Start from the template: one row per student, the first row holds the column names. Up to{' '}
              {IMPORT_MAX_ROWS.toLocaleString('en-US')} students per file; dates as MM/DD/YYYY.
            </Typography>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={downloadTemplate}>
              Download template (CSV)
            </Button>
          </Box>
        </Stack>
        <FileColumnsGuide id="columns" label="Upload columns" columns={IMPORT_COLUMNS} margin={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            A row is refused when it repeats another row of the file or an existing student record (same SEVIS ID, campus ID, e-mail, or
            first and last name with birth date).
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            A row without a SEVIS ID creates a SEVIS record: the columns marked “For SEVIS” are what SEVIS needs for the I-20 (F-1) or the
            DS-2019 (J-1). A row that lacks them still imports; the preview marks what is missing, and its SEVIS Create waits in the Batch
            Manager until the record has it.
          </Typography>
        </FileColumnsGuide>
      </Paper>

      <UploadsTableCard
        title="Uploads"
        label="Uploads"
        columns={uploadColumnsFor(dates)}
        list={history}
        loadingLabel="Loading uploads"
        empty="No uploads yet."
        minWidth={760}
        paging={paging}
      />
    </Box>
  );
}
