import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { REVIEW_STATUS_LABELS } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { useGetCurrentUser } from '../../auth';
import { RequestDocuments } from '../../attachments';
import { CommentsPanel } from '../../comments';
import { useGetRequest } from '../api/get-request';
import { useListAssignees } from '../api/list-assignees';
import { useAssignRequest } from '../api/assign-request';
import { useSetReviewStatus } from '../api/set-review-status';
import { useResendApprovalLinks } from '../api/resend-approval-links';
import { RequestActions } from '../components/request-actions';
import { RequestSummary } from '../components/request-summary';
import { requestStatusText } from '../components/status-chip';
import { RequestHistoryTab } from '../components/request-history-tab';
import { RequestTasks } from '../components/request-tasks';
import { RequestQuestionnaire } from '../components/request-answers-view';
import { RequestCustomQuestions } from '../components/request-custom-questions';
import { ApprovalChain } from '../components/approval-chain';
import { hasStudentForm, RequestFormDataView } from '../../workflows';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Staff request detail (#/isss/request/:requestId and #/admin/request/:requestId): Request, Documents, History Log. */
export function RequestDetailPage({ area }: { area: 'isss' | 'admin' }) {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const me = useGetCurrentUser();
  const [tab, setTab] = useState<'request' | 'documents' | 'history'>('request');
  const r = request.data;
  const canProcess = !!r?.canProcess;
  const assignees = useListAssignees(requestId, canProcess);
  const assign = useAssignRequest();
  const review = useSetReviewStatus(requestId);
  const resend = useResendApprovalLinks(requestId);
  useDocumentTitle(r ? `Request #${r.number}` : 'Request');
  const listPath = area === 'isss' ? '/isss/students-request-list' : '/admin/requests';

  if (request.isPending) return <PageLoader />;
  if (!r) return <Alert severity="error">This request could not be found, or you do not have access to it.</Alert>;
  return (
    <Box>
      <Button component={RouterLink} to={listPath} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the request list
      </Button>
      <PageHeader
        title={`Request #${r.number}: ${r.typeName}`}
        subtitle={`${r.subjectName} · ${requestStatusText(r.status, false, r.case)}`}
      />
      <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} aria-label="Request tabs" sx={{ mb: 2 }}>
        <Tab value="request" label="Request" />
        <Tab value="documents" label="Documents" />
        <Tab value="history" label="History Log" />
      </Tabs>
      {tab === 'request' ? (
        <Stack spacing={2}>
          <RequestSummary request={r} />
          {r.canEdit && hasStudentForm(r) ? (
            // The office's own request (a termination): its requester fills in the form on its own page.
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to={`/isss/office-request/${r.id}`} variant="contained" size="small">
                  Fill in the form
                </Button>
              }
            >
              You started this request: fill in its form and submit it, then decide it here.
            </Alert>
          ) : null}
          {r.isLocked ? (
            <Alert severity="info">
              This request is locked while it is in approver review. It unlocks when the approvers have decided.
            </Alert>
          ) : null}
          {r.statusMessage && (r.status === 'clarification_requested' || r.status === 'rejected') ? (
            <Alert severity={r.status === 'rejected' ? 'error' : 'warning'}>
              {r.status === 'rejected' ? 'Reason given: ' : 'Clarification asked: '}
              {r.statusMessage}
            </Alert>
          ) : null}
          {r.reviewStatus === 4 ? <Alert severity="warning">An approver rejected this request: it requires resolution.</Alert> : null}
          {canProcess ? (
            <Section title="Actions">
              <Stack spacing={2}>
                <RequestActions request={r} />
                {!r.allowedActions.some((a) => a !== 'submit' && a !== 'cancel') ? (
                  <Typography variant="body2" color="text.secondary">
                    {r.status === 'draft'
                      ? 'The requester has not submitted this request yet: nothing to review.'
                      : r.status === 'adv_review'
                        ? 'Waiting for the approvers. The request comes back to review when they have decided.'
                        : r.status === 'clarification_requested'
                          ? 'Waiting for the requester to answer and submit again.'
                          : 'This request is closed.'}
                  </Typography>
                ) : null}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                  <FormControl size="small" sx={{ minWidth: 240 }}>
                    <InputLabel id="assign-label" shrink>
                      Assigned to
                    </InputLabel>
                    <Select
                      labelId="assign-label"
                      label="Assigned to"
                      aria-describedby="assign-help"
                      notched
                      displayEmpty
                      value={r.assignedTo?.userId ?? ''}
                      disabled={assign.isPending}
                      onChange={(e) =>
                        assign.mutate(
                          { requestId, userId: e.target.value || null },
                          {
                            onSuccess: (d) => snack(d.assignedTo ? `Assigned to ${d.assignedTo.name}.` : 'Unassigned.', 'success'),
                          },
                        )
                      }
                    >
                      <MenuItem value="">Unassigned</MenuItem>
                      {(assignees.data ?? []).map((u) => (
                        <MenuItem key={u.userId} value={u.userId}>
                          {u.name}
                          {u.userId === me.data?.userId ? ' (me)' : ''}
                        </MenuItem>
                      ))}
                    </Select>
                    <FormHelperText id="assign-help">Office staff who reach this request&apos;s campus site</FormHelperText>
                  </FormControl>
                  <FormControl size="small" sx={{ minWidth: 220 }}>
                    <InputLabel id="review-label">Review status</InputLabel>
                    <Select
                      labelId="review-label"
                      label="Review status"
                      value={String(r.reviewStatus)}
                      disabled={review.isPending}
                      onChange={(e) => review.mutate(Number(e.target.value), { onSuccess: () => snack('Review status saved.', 'success') })}
                    >
                      {REVIEW_STATUS_LABELS.map((l, i) => (
                        <MenuItem key={l} value={String(i)}>
                          {l}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                </Box>
              </Stack>
            </Section>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
            <Stack spacing={2}>
              <RequestFormDataView request={r} area={area} />
              {r.questionnaireIds.length === 0 ? (
                hasStudentForm(r) ? null : (
                  <Section title="Answers">
                    <Typography variant="body2" color="text.secondary">
                      This request type has no questionnaire.
                    </Typography>
                  </Section>
                )
              ) : (
                r.questionnaireIds.map((q) => <RequestQuestionnaire key={q} requestId={r.id} questionnaireId={q} readOnly />)
              )}
              <RequestCustomQuestions requestId={r.id} readOnly />
              <Section title="Comments">
                <CommentsPanel subjectType="request" subjectId={r.id} canComment isStaff={canProcess} />
              </Section>
            </Stack>
            <Stack spacing={2}>
              {canProcess ? (
                <Section title="Tasks">
                  <RequestTasks requestId={r.id} />
                </Section>
              ) : null}
              <Section title="Approver review">
                <ApprovalChain approvals={r.approvals} />
                {canProcess && r.status === 'adv_review' ? (
                  <Button
                    size="small"
                    disabled={resend.isPending}
                    sx={{ mt: 1 }}
                    onClick={() =>
                      resend.mutate(undefined, {
                        onSuccess: (x) =>
                          snack(
                            x.sent
                              ? `A new link was e-mailed to ${x.sent === 1 ? 'the approver' : `${x.sent} approvers`}; earlier links no longer work.`
                              : 'No approver is waiting to decide.',
                            'success',
                          ),
                      })
                    }
                  >
                    E-mail the approval link again
                  </Button>
                ) : null}
              </Section>
            </Stack>
          </Box>
        </Stack>
      ) : null}
      {tab === 'documents' ? <RequestDocuments requestId={r.id} canUpload={canProcess} canManage={canProcess} /> : null}
      {tab === 'history' ? (
        <Paper variant="outlined">
          <RequestHistoryTab requestId={r.id} />
        </Paper>
      ) : null}
    </Box>
  );
}
