import { Alert, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useFormatDates } from '../../../app/office-dates';
import { useListQuestionnaireVersions } from '../api/list-questionnaire-versions';

/** The versions of a questionnaire: answers stay with the version they were given on. */
export function VersionsTable({ questionnaireId }: { questionnaireId: string }) {
  const { formatDateTime } = useFormatDates();
  const versions = useListQuestionnaireVersions(questionnaireId);
  return (
    <Paper variant="outlined">
      {versions.isFetching ? <LinearProgress aria-label="Loading versions" /> : null}
      <Alert severity="info" sx={{ m: 2 }}>
        A new version starts when questions change after someone has answered. Each answer stays with the version it was given on; new
        answers use the newest version.
      </Alert>
      <TableContainer>
        <Table size="small" aria-label="Versions">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Version</TableCell>
              <TableCell scope="col">Created</TableCell>
              <TableCell scope="col" align="right">
                Questions
              </TableCell>
              <TableCell scope="col" align="right">
                Answer sets
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(versions.data ?? []).map((v, i) => (
              <TableRow key={v.versionId}>
                <TableCell component="th" scope="row">
                  Version {v.versionNo}
                  {i === 0 ? ' (current)' : ''}
                </TableCell>
                <TableCell>{formatDateTime(v.createdAt)}</TableCell>
                <TableCell align="right">{v.itemCount}</TableCell>
                <TableCell align="right">{v.answerSetCount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
