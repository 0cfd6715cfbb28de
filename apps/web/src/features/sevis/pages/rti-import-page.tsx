import { useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, sevisApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../app/use-document-title';
import { SpreadsheetDropZone, useSpreadsheetUpload } from '../../../ui/spreadsheet-drop-zone';
import { usePaging, type TColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/page-header';
import { UploadsTableCard } from '../../../ui/uploads-table-card';
import { rtiKey, UPLOAD_RTI_IMPORT_JOB, uploadRtiList, useListRtiImports } from '../api/sevis-rti';
import { useFollowedJob } from '../api/sevis-jobs';
import { JobProgress } from '../../jobs';

export const RTI_STATUS = {
  preview: { label: 'To review', color: 'info' },
  applied: { label: 'Applied', color: 'success' },
  discarded: { label: 'Discarded', color: 'default' },
} as const;

/** The column headers the import reads, grouped by our field. */
const HEADERS = Object.entries(sevisApi.RTI_HEADERS).reduce<Record<string, string[]>>((acc, [h, k]) => {
  (acc[k] ??= []).push(h.replace(/\b\w/g, (c) => c.toUpperCase()));
  return acc;
}, {});
const fieldLabel = (k: string) => (k === 'sevisId' ? 'SEVIS ID' : (sevisApi.RTI_FIELDS.find((f) => f.key === k)?.label ?? k));

const importColumnsFor = ({ formatDateTime }: TOfficeDates): TColumn<sevisApi.TRtiImportSummary>[] => [
  {
    key: 'file',
    header: 'File',
    isRowHeader: true,
    cell: (i) => (
      <Link component={RouterLink} to={`/isss/rti-import/${i.id}`}>
        {i.fileName}
      </Link>
    ),
  },
  { key: 'by', header: 'Uploaded by', cell: (i) => i.createdBy },
  { key: 'at', header: 'Uploaded', noWrap: true, cell: (i) => formatDateTime(i.createdAt) },
  { key: 'rows', header: 'Rows', align: 'right', cell: (i) => i.rowCount },
  { key: 'changed', header: 'Changed', align: 'right', cell: (i) => i.changedCount },
  { key: 'new', header: 'New', align: 'right', cell: (i) => i.newCount },
  { key: 'errors', header: 'Errors', align: 'right', cell: (i) => i.errorCount },
  { key: 'applied', header: 'Updated / added', align: 'right', cell: (i) => `${i.updatedCount} / ${i.insertedCount}` },
  {
    key: 'status',
    header: 'Status',
    cell: (i) => <Chip size="small" variant="outlined" color={RTI_STATUS[i.status].color} label={RTI_STATUS[i.status].label} />,
  },
];

/** #/isss/rti-import: upload a list exported from SEVIS RTI, then compare it with our records; history of imports. */
export function RtiImportPage() {
  useDocumentTitle('RTI Import');
  return <RtiImport />;
}

function RtiImport() {
  const dates = useFormatDates();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const paging = usePaging();
  const history = useListRtiImports({ page: paging.page, pageSize: paging.pageSize });
  // Reading and comparing run on the server as a job; a page reloaded meanwhile finds it again.
  const { jobId, follow, forget } = useFollowedJob(UPLOAD_RTI_IMPORT_JOB);
  const { setErrors, ...upload } = useSpreadsheetUpload(uploadRtiList, follow);
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      forget();
      void qc.invalidateQueries({ queryKey: rtiKey });
      const parsed = job.status === 'completed' ? sevisApi.ZRtiImportSummary.safeParse(job.result) : null;
      if (parsed?.success) void navigate(`/isss/rti-import/${parsed.data.id}`);
      else setErrors([job.error?.fieldErrors?.file?.[0] ?? job.error?.message ?? 'The list could not be read.']);
    },
    [forget, navigate, qc, setErrors],
  );
  return (
    <Box>
      <PageHeader
        title="RTI Import"
        subtitle="Upload a student or exchange visitor list exported from SEVIS RTI (CSV or Excel). Each row is matched to our record by SEVIS ID and compared field by field; you then choose which records take SEVIS's values and add the students we lack."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Upload an RTI list
        </Typography>
        <SpreadsheetDropZone
          label="RTI list (.csv or .xlsx)"
          maxBytes={IMPORT_MAX_BYTES}
          upload={upload}
          disabled={!!jobId}
          uploadingText="Uploading the list…"
        >
          {jobId ? <JobProgress jobId={jobId} label="Reading the RTI list" onEnd={ended} /> : null}
        </SpreadsheetDropZone>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nothing changes until you apply the comparison. Up to {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per file; dates as
          MM/DD/YYYY. Updates taken from RTI are not sent back to SEVIS: SEVIS already has them.
        </Typography>
        <Accordion disableGutters elevation={0} sx={{ mt: 2, border: 1, borderColor: 'divider', '&:before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls="rti-columns-content" id="rti-columns-header">
            <Typography>The columns that are read</Typography>
          </AccordionSummary>
          <AccordionDetails id="rti-columns-content">
            <Table size="small" aria-label="RTI columns">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Column headers recognised</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(HEADERS).map(([k, hs]) => (
                  <TableRow key={k}>
                    <TableCell>
                      {fieldLabel(k)}
                      {k === 'sevisId' ? ' (required)' : ''}
                    </TableCell>
                    <TableCell>{hs.join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Other columns are ignored. Countries may be written as names (INDIA) or codes (IN); the major as its CIP code.
            </Typography>
          </AccordionDetails>
        </Accordion>
      </Paper>
      <UploadsTableCard
        title="Imports"
        label="RTI imports"
        columns={importColumnsFor(dates)}
        list={history}
        loadingLabel="Loading imports"
        empty="No RTI list has been uploaded yet."
        minWidth={820}
        paging={paging}
      />
    </Box>
  );
}
