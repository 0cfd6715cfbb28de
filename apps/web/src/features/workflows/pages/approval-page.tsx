import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { isStudentRequestCode, type TApprovalSummary } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { isApiError } from '../../../app/http/api-error';
import { QuestionnaireAnswerForm } from '../../forms';
import { StudentRequestDataView } from '../components/request-data-view';
import { SponsorshipApprovalView } from '../components/sponsorship-approval-view';
import { useDecideByToken, useInspectApproval } from '../api/approval-link';

/** The token lives in memory only: it leaves the address at once and never reaches storage. */
let heldToken: string | null = null;

const REFUSED: Record<string, string> = {
  LINK_INVALID: 'This approval link is not valid. Please open the link from your most recent e-mail.',
  LINK_EXPIRED: 'This approval link has expired. Please ask the international office to send a new one.',
  LINK_USED: 'This approval link has already been used, or the approval is no longer needed. Nothing more is required from you.',
};

/**
 * The approver's page (advisor-approval/:token and approval-review): the request summary and its
 * answers, then Approve or Reject with a comment. Opening it changes nothing; deciding is a POST.
 */
export function ApprovalPage() {
  const { formatDate } = useFormatDates();
  useDocumentTitle('Approval review');
  const { token: fromPath } = useParams();
  const navigate = useNavigate();
  const inspect = useInspectApproval();
  const decide = useDecideByToken();
  const [summary, setSummary] = useState<TApprovalSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'approved' | 'rejected'; message: string } | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (fromPath) {
      heldToken = fromPath;
      // Out of the address (history, screenshots, referrers) before anything else happens.
      void navigate('/approval-review', { replace: true });
      return;
    }
    if (asked.current) return;
    asked.current = true;
    if (!heldToken) return;
    inspect.mutate(heldToken, {
      onSuccess: setSummary,
      onError: (e) =>
        setProblem(isApiError(e) ? (REFUSED[e.code] ?? e.message) : 'The approval could not be loaded. Please try again later.'),
    });
  }, [fromPath, navigate, inspect]);

  // Without a token (opened directly, or the address was already cleaned): nothing to load.
  const shownProblem = problem ?? (!fromPath && !heldToken ? 'Please open the approval link from your e-mail.' : null);

  const act = (decision: 'approve' | 'reject') => {
    if (!heldToken) return;
    decide.mutate(
      { token: heldToken, decision, comment },
      {
        onSuccess: (res) => {
          heldToken = null;
          setOutcome({ kind: res.outcome, message: res.message });
        },
        onError: (e) => setProblem(isApiError(e) ? (REFUSED[e.code] ?? e.message) : 'Your decision could not be sent. Please try again.'),
      },
    );
  };

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', p: { xs: 2, md: 4 } }} component="main" id="main-content">
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Approval review
      </Typography>
      {outcome ? (
        <Alert severity={outcome.kind === 'approved' ? 'success' : 'info'} role="status">
          <AlertTitle>{outcome.kind === 'approved' ? 'Approved' : 'Rejected'}</AlertTitle>
          {outcome.message} You can close this page.
        </Alert>
      ) : shownProblem ? (
        <Alert severity="warning" role="alert">
          {shownProblem}
        </Alert>
      ) : !summary ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
              {summary.typeName} — request #{summary.requestNumber}
            </Typography>
            <Typography>
              For: <strong>{summary.subjectName}</strong>
            </Typography>
            {summary.requesterName && summary.requesterName !== summary.subjectName ? (
              <Typography>
                Requested by: <strong>{summary.requesterName}</strong>
              </Typography>
            ) : null}
            <Typography>Submitted: {formatDate(summary.submittedAt) || '—'}</Typography>
            <Typography>
              Your step: {summary.stepOrdinal} of {summary.stepCount} (approver: {summary.approverName})
            </Typography>
          </Paper>
          {summary.data && isStudentRequestCode(summary.typeCode) ? (
            <StudentRequestDataView code={summary.typeCode} data={summary.data} namesChoices={false} />
          ) : null}
          {summary.data && summary.typeCode === 'sponsorship_request' ? <SponsorshipApprovalView data={summary.data} /> : null}
          {summary.answers.map((a) => (
            <QuestionnaireAnswerForm key={a.questionnaireId} data={a} readOnly onSaveDraft={async () => {}} />
          ))}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <TextField
              label="Comment (optional; the office sees it)"
              multiline
              minRows={3}
              fullWidth
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 2, justifyContent: 'flex-end' }}>
              <Button color="error" variant="outlined" disabled={decide.isPending} onClick={() => act('reject')}>
                Reject
              </Button>
              <Button variant="contained" disabled={decide.isPending} onClick={() => act('approve')}>
                Approve
              </Button>
            </Box>
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
