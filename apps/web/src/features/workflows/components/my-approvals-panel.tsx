import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
} from '@mui/material';
import { isStudentRequestCode, type TApprovalSummary } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { isApiError } from '../../../app/http/api-error';
import { snack } from '../../../ui/notify';
import { QuestionnaireAnswerForm } from '../../forms';
import { StudentRequestDataView } from './request-data-view';
import { useDecideApproval, useListMyApprovals } from '../api/my-approvals';

/** Approvals waiting for the signed-in user, decided here without the e-mailed link. Shows nothing when there are none. */
export function MyApprovalsPanel() {
  const { formatDate } = useFormatDates();
  const mine = useListMyApprovals();
  const decide = useDecideApproval();
  const [open, setOpen] = useState<TApprovalSummary | null>(null);
  const [comment, setComment] = useState('');
  const items = mine.data ?? [];
  if (items.length === 0) return null;
  const act = (decision: 'approve' | 'reject') => {
    if (!open) return;
    decide.mutate(
      { approvalId: open.approvalId, decision, comment },
      {
        onSuccess: (res) => {
          snack(res.message, 'success', 6000);
          setOpen(null);
          setComment('');
        },
        onError: (e) => {
          snack(isApiError(e) ? e.message : 'Your decision could not be sent.', 'error');
          setOpen(null);
        },
      },
    );
  };
  return (
    <Alert severity="info" sx={{ mb: 2 }} icon={false}>
      <AlertTitle>Waiting for your approval ({items.length})</AlertTitle>
      <List dense disablePadding>
        {items.map((a) => (
          <ListItem
            key={a.approvalId}
            disableGutters
            secondaryAction={
              <Button size="small" onClick={() => setOpen(a)}>
                Review
              </Button>
            }
          >
            <ListItemText
              primary={`${a.typeName} #${a.requestNumber} — ${a.subjectName}`}
              secondary={`Submitted ${formatDate(a.submittedAt) || '—'} · step ${a.stepOrdinal} of ${a.stepCount}`}
            />
          </ListItem>
        ))}
      </List>
      <Dialog open={!!open} onClose={() => setOpen(null)} fullWidth maxWidth="md" aria-labelledby="my-approval-title">
        <DialogTitle id="my-approval-title">{open ? `${open.typeName} #${open.requestNumber} — ${open.subjectName}` : ''}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
            {open?.data && isStudentRequestCode(open.typeCode) ? (
              <StudentRequestDataView code={open.typeCode} data={open.data} namesChoices={false} />
            ) : null}
            {open?.answers.map((q) => (
              <QuestionnaireAnswerForm key={q.questionnaireId} data={q} readOnly onSaveDraft={async () => {}} />
            ))}
            <TextField
              label="Comment (optional; the office sees it)"
              multiline
              minRows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={decide.isPending}>
            Close
          </Button>
          <Button color="error" variant="outlined" onClick={() => act('reject')} disabled={decide.isPending}>
            Reject
          </Button>
          <Button variant="contained" onClick={() => act('approve')} disabled={decide.isPending}>
            Approve
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
