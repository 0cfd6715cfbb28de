import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { HR_FEED_COLUMNS, HR_FEED_MAX_BYTES, HR_FEED_MAX_ROWS, hrFeedTemplateCsv, scholarsApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { saveBlob } from '../../../../app/http/download-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { usePaging, type TColumn } from '../../../../ui/data-table';
import { FeedUploadCard, useFeedUpload } from '../../../../ui/feed-upload-card';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { PageHeader } from '../../../../ui/page-header';
import { UploadsTableCard } from '../../../../ui/uploads-table-card';
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

/** Where a finished comparison is shown (null when the job did not give one); a feed sent before says so there. */
const comparisonPath = (job: jobsApi.TJob) => {
  const parsed = scholarsApi.ZHrImportSummary.safeParse(job.result);
  return parsed.success ? `/admin/scholar-SIS-requests-compare/${parsed.data.id}${parsed.data.isRepeat ? '?repeat=1' : ''}` : null;
};

/** #/admin/scholar-SIS-requests: upload the HR appointment feed, then compare; the comparisons so far (docs/product/scholar-hr-updates.md). */
export function HrUpdatesPage() {
  useDocumentTitle('Scholar HR Updates');
  const dates = useFormatDates();
  const paging = usePaging();
  const history = useListHrImports({ page: paging.page, pageSize: paging.pageSize });
  // Reading and comparing run on the server as a job; a page reloaded meanwhile finds it again.
  const active = useActiveJobOf(HR_COMPARE_JOB);
  const { jobId, ended, upload } = useFeedUpload({
    jobKind: HR_COMPARE_JOB,
    activeJobId: active.data?.id ?? null,
    listKey: hrImportsKey,
    upload: uploadHrFeed,
    resultPath: comparisonPath,
    failure: jobFailure,
  });

  return (
    <Box>
      <PageHeader
        title="Scholar HR Updates"
        subtitle="Keep the scholar cases in step with the campus HR system: upload its appointment feed (one row per scholar or employee), compare it with the cases, then accept or reject each difference."
      />
      <FeedUploadCard
        heading="Upload the HR feed"
        label="HR appointment feed (.csv or .xlsx)"
        maxBytes={HR_FEED_MAX_BYTES}
        upload={upload}
        jobId={jobId}
        job={jobId ? <JobProgress jobId={jobId} label="Comparing the feed with the scholar cases" onEnd={ended} /> : null}
        about={
          <>
            One row per scholar or employee; the first row names the columns, in any order. Each row needs the employee ID the scholar has
            in Meridian; an empty cell leaves Meridian’s value as it is. Up to {n(HR_FEED_MAX_ROWS)} rows. Nothing changes until you accept
            a change.
          </>
        }
        onDownloadTemplate={downloadTemplate}
      >
        <FileColumnsGuide id="hr-feed-columns" label="Feed columns" columns={GUIDE_COLUMNS} margin={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Headers may also be written as their names (“Job Title”, “EMPLID”, “Annual Salary”…), in any case; other columns are listed as
            not read. HR can send the same rows as JSON to <code>POST {scholarsApi.pushScholarHrFeed.path}</code> with an integration key
            (scholars:write); see the API documentation.
          </Typography>
        </FileColumnsGuide>
      </FeedUploadCard>
      <UploadsTableCard
        title="Comparisons"
        label="HR feed comparisons"
        columns={columnsFor(dates)}
        list={history}
        loadingLabel="Loading comparisons"
        empty="No HR feed has been compared yet."
        minWidth={1000}
        paging={paging}
      />
    </Box>
  );
}
