import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import {
  ACTIVE_IMPORT_COLUMNS,
  ACTIVE_IMPORT_MAX_BYTES,
  ACTIVE_IMPORT_MAX_ROWS,
  activeImportTemplateCsv,
  studentsApi,
  type jobsApi,
} from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { saveBlob } from '../../../../app/http/download-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { usePaging, type TColumn } from '../../../../ui/data-table';
import { FeedUploadCard, useFeedUpload } from '../../../../ui/feed-upload-card';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { PageHeader } from '../../../../ui/page-header';
import { UploadsTableCard } from '../../../../ui/uploads-table-card';
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

/** Where a finished comparison is shown (null when the job did not give one). */
const comparisonPath = (job: jobsApi.TJob) => {
  const parsed = studentsApi.ZActiveImportSummary.safeParse(job.result);
  return parsed.success ? `/isss/active-student-import-list/${parsed.data.id}` : null;
};

/** #/isss/active-student-import-list: upload the SIS enrolment feed, then compare; the imports so far (docs/product/active-student-import.md). */
export function ActiveImportPage() {
  useDocumentTitle('Active Student Import');
  const dates = useFormatDates();
  const paging = usePaging();
  const history = useListActiveImports({ page: paging.page, pageSize: paging.pageSize });
  // Reading and comparing run on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(ACTIVE_IMPORT_COMPARE_JOB);
  const { jobId, ended, upload } = useFeedUpload({
    jobKind: ACTIVE_IMPORT_COMPARE_JOB,
    activeJobId: active.data?.id ?? null,
    listKey: activeImportsKey,
    upload: uploadActiveImport,
    resultPath: comparisonPath,
    failure: jobFailure,
  });

  return (
    <Box>
      <PageHeader
        title="Active Student Import"
        subtitle="Keep the student records in step with the campus student information system: upload its enrolment feed (one row per active student), compare it with the records, then apply the changes you accept."
      />
      <FeedUploadCard
        heading="Upload the enrolment feed"
        label="Enrolment feed (.csv or .xlsx)"
        maxBytes={ACTIVE_IMPORT_MAX_BYTES}
        upload={upload}
        jobId={jobId}
        job={jobId ? <JobProgress jobId={jobId} label="Comparing the feed with the student records" onEnd={ended} /> : null}
        about={
          <>
            One row per active student; the first row names the columns, in any order. Each row needs a SEVIS ID or a campus ID; an empty
            cell leaves the record’s value as it is. Up to {n(ACTIVE_IMPORT_MAX_ROWS)} rows. Nothing changes until you apply the comparison.
          </>
        }
        onDownloadTemplate={downloadTemplate}
      >
        <FileColumnsGuide id="active-import-columns" label="Feed columns" columns={GUIDE_COLUMNS} margin={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Headers may also be written as their names (“Family name”, “Expected graduation date”, “Student ID”…), in any case; other
            columns are listed as ignored. The campus can send the same rows as JSON to{' '}
            <code>POST {studentsApi.pushActiveStudents.path}</code> with an integration key (students:write); see the API documentation.
          </Typography>
        </FileColumnsGuide>
      </FeedUploadCard>
      <UploadsTableCard
        title="Imports"
        label="Active student imports"
        columns={columnsFor(dates)}
        list={history}
        loadingLabel="Loading imports"
        empty="No feed has been compared yet."
        minWidth={900}
        paging={paging}
      />
    </Box>
  );
}
