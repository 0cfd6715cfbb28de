import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, sevisApi } from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { FileDropZone } from '../../../ui/file-drop-zone';
import { formatDateTime } from '../../../ui/format-date';
import { PageHeader } from '../../../ui/page-header';
import { rtiKey, uploadRtiList, useRtiImports } from '../api/sevis-rti';

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

/** #/isss/rti-import: upload a list exported from SEVIS RTI, then compare it with our records; history of imports. */
export function RtiImportPage() {
  useDocumentTitle('RTI Import');
  return <RtiImport />;
}

function RtiImport() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const history = useRtiImports(page);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = (file: File) => {
    setError(null);
    setProgress(0);
    uploadRtiList(file, (f) => setProgress(Math.min(f, 0.99)))
      .then((s) => {
        void qc.invalidateQueries({ queryKey: rtiKey });
        navigate(`/isss/rti-import/${s.id}`);
      })
      .catch((e: unknown) =>
        setError(isApiError(e) ? (e.fieldErrors?.file?.[0] ?? e.message) : 'The upload failed; check your connection and try again.'),
      )
      .finally(() => setProgress(null));
  };
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
        <FileDropZone
          label="RTI list (.csv or .xlsx)"
          maxBytes={IMPORT_MAX_BYTES}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          progress={progress}
          error={error}
          onFile={onFile}
        />
        {progress !== null ? (
          <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
            Reading the list and comparing it with our records…
          </Typography>
        ) : null}
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
      <Paper variant="outlined">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem', p: 2, pb: 1 }}>
          Imports
        </Typography>
        {history.isFetching ? <LinearProgress aria-label="Loading imports" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="RTI imports" sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">File</TableCell>
                <TableCell scope="col">Uploaded by</TableCell>
                <TableCell scope="col">Uploaded</TableCell>
                <TableCell scope="col" align="right">
                  Rows
                </TableCell>
                <TableCell scope="col" align="right">
                  Changed
                </TableCell>
                <TableCell scope="col" align="right">
                  New
                </TableCell>
                <TableCell scope="col" align="right">
                  Errors
                </TableCell>
                <TableCell scope="col" align="right">
                  Updated / added
                </TableCell>
                <TableCell scope="col">Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(history.data?.items ?? []).map((i) => (
                <TableRow key={i.id} hover>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/isss/rti-import/${i.id}`}>
                      {i.fileName}
                    </Link>
                  </TableCell>
                  <TableCell>{i.createdBy}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.createdAt)}</TableCell>
                  <TableCell align="right">{i.rowCount}</TableCell>
                  <TableCell align="right">{i.changedCount}</TableCell>
                  <TableCell align="right">{i.newCount}</TableCell>
                  <TableCell align="right">{i.errorCount}</TableCell>
                  <TableCell align="right">
                    {i.updatedCount} / {i.insertedCount}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={RTI_STATUS[i.status].color} label={RTI_STATUS[i.status].label} />
                  </TableCell>
                </TableRow>
              ))}
              {!history.isPending && (history.data?.items.length ?? 0) === 0 ? (
                <TableRow>
                  <TableCell colSpan={9}>No RTI list has been uploaded yet.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={history.data?.total ?? 0}
          page={page.page - 1}
          rowsPerPage={page.pageSize}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_, p) => setPage({ ...page, page: p + 1 })}
          onRowsPerPageChange={(e) => setPage({ page: 1, pageSize: Number(e.target.value) })}
        />
      </Paper>
    </Box>
  );
}
