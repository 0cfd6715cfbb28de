import { useState } from 'react';
import { useFormatDates } from '../../../../app/office-dates';
import { Link as RouterLink, useParams } from 'react-router';
import { CORRECTION_STATUS_LABELS, isEmptyValue } from '@meridian/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isApiError } from '../../../../app/http/api-error';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { useGetCorrection, useDecideCorrection } from '../api/student-corrections';
import { RecordValueText } from '../components/record-value-text';

/** #/isss/student-request-comparison/:correctionId: the record now beside what the student asks for; approve or reject with a reason. */
export function StudentRequestComparisonPage() {
  const dates = useFormatDates();
  const { formatDateTime } = dates;
  const { correctionId = '' } = useParams();
  const q = useGetCorrection(correctionId);
  const decide = useDecideCorrection(correctionId);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const c = q.data;
  useDocumentTitle(c ? `Correction: ${c.studentName}` : 'Correction request');
  if (q.isPending) return <PageLoader />;
  if (!c) return <Alert severity="error">This correction request could not be found, or you do not have access to it.</Alert>;

  const send = () => {
    if (dialog === 'reject' && !note.trim()) {
      setNoteError('Required field');
      return;
    }
    decide.mutate(
      { decision: dialog!, note: note.trim() },
      {
        onSuccess: (d) => {
          snack(
            d.status === 'approved'
              ? 'Correction approved: the record is updated and the student told.'
              : 'Correction rejected: the student was told why.',
            'success',
          );
          setDialog(null);
        },
        onError: (e) => {
          if (isApiError(e)) setNoteError(e.fieldErrors?.note?.[0] ?? e.message);
        },
      },
    );
  };
  const changed = c.rows.filter((r) => r.isDifferent).length;
  return (
    <Box>
      <Button component={RouterLink} to={`/isss/student-profile/${c.profileId}`} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the student record
      </Button>
      <PageHeader
        title={`Correction request: ${c.studentName}`}
        subtitle={
          <>
            {c.visaType} · SEVIS ID {c.sevisId ?? 'not created yet'} · asked {formatDateTime(c.createdAt)} ·{' '}
            <Link component={RouterLink} to={`/isss/student-profile/${c.profileId}?tab=history`}>
              History Log
            </Link>
          </>
        }
        actions={
          <Chip
            label={CORRECTION_STATUS_LABELS[c.status]}
            color={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'warning'}
            variant="outlined"
          />
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle2" component="h2">
          The student's reason
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.reason || '—'}</Typography>
      </Paper>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', p: 2, pb: 0 }}>
          {c.status === 'pending'
            ? `${changed} of ${c.rows.length} requested field${c.rows.length === 1 ? '' : 's'} ${changed === 1 ? 'differs' : 'differ'} from the record`
            : 'What was asked'}
        </Typography>
        <TableContainer>
          <Table aria-label="Current record beside the requested correction">
            <TableHead>
              <TableRow>
                <TableCell scope="col" sx={{ width: '22%' }}>
                  Field
                </TableCell>
                <TableCell scope="col">{c.status === 'pending' ? 'In the record now' : 'Before'}</TableCell>
                <TableCell scope="col">Requested</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.rows.map((r) => (
                <TableRow key={r.field}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {r.label}
                    {r.isDifferent ? (
                      <Chip size="small" label="Changed" color="warning" sx={{ ml: 1 }} />
                    ) : (
                      <Chip size="small" label="Same" variant="outlined" sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  <TableCell sx={r.isDifferent ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}>
                    {isEmptyValue(r.current) ? <em>empty</em> : <RecordValueText field={r.field} value={r.current} />}
                  </TableCell>
                  <TableCell sx={r.isDifferent ? { fontWeight: 600, bgcolor: 'rgba(255, 193, 7, 0.18)' } : undefined}>
                    {isEmptyValue(r.requested) ? <em>empty</em> : <RecordValueText field={r.field} value={r.requested} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {c.status !== 'pending' ? (
        <Alert severity={c.status === 'approved' ? 'success' : 'info'}>
          {CORRECTION_STATUS_LABELS[c.status]} by {c.decidedByName ?? 'the office'} on {formatDateTime(c.decidedAt)}.
          {c.decisionNote ? ` Note: ${c.decisionNote}` : ''}
        </Alert>
      ) : c.canDecide ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="error"
            variant="outlined"
            onClick={() => {
              setNote('');
              setNoteError('');
              setDialog('reject');
            }}
          >
            Reject
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setNote('');
              setNoteError('');
              setDialog('approve');
            }}
          >
            Approve and update the record
          </Button>
        </Stack>
      ) : (
        <Alert severity="info">You may read this request but not decide it.</Alert>
      )}
      <Dialog open={!!dialog} onClose={() => setDialog(null)} fullWidth maxWidth="sm" aria-labelledby="decide-title">
        <DialogTitle id="decide-title">{dialog === 'approve' ? 'Approve the correction' : 'Reject the correction'}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {dialog === 'approve'
              ? "The requested values replace the record's; changes SEVIS must hear about are queued, and the student is told by e-mail."
              : 'The record stays as it is. The student reads your reason.'}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={dialog === 'reject' ? 'Reason for the student' : 'Note for the student (optional)'}
            required={dialog === 'reject'}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError('');
            }}
            error={!!noteError}
            helperText={noteError || `${note.length}/1000`}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" color={dialog === 'reject' ? 'error' : 'primary'} disabled={decide.isPending} onClick={send}>
            {dialog === 'approve' ? 'Approve' : 'Reject'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
