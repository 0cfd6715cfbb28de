import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { isStudentRequestCode, studentRequestForm, type TRequestDetail } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { RequestSummary, useGetRequest } from '../../../requests';
import { StudentRequestForm } from '../components/student-request-form';
import { useRequestDataForm } from '../components/use-request-data-form';
import { useRequestSubmit } from '../components/use-request-submit';
import { useGetStudentRequestData } from '../api/save-request-data';
import { ProblemAlert, requestData } from './student-request-page';

const requestPage = (id: string) => `/isss/request/${encodeURIComponent(id)}`;

/**
 * #/isss/office-request/:requestId: the form of a student request the office fills in itself (its own requests, e.g. a
 * termination: docs/product/students-requests.md#the-offices-own-requests). The staff member who started it saves and
 * submits it here; the request's page then decides it. Once submitted the form reads as it was sent.
 */
export function OfficeRequestPage() {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  const r = request.data;
  useDocumentTitle(r ? `Request #${r.number}` : 'Request');
  if (request.isPending) return <PageLoader />;
  if (!r || !isStudentRequestCode(r.typeCode) || !r.profileId)
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/isss/students-request-list">
            Back
          </Button>
        }
      >
        This request could not be found, or it has no form to fill in here.
      </Alert>
    );
  return <OfficeForm key={r.id} request={r} />;
}

function OfficeForm({ request: r }: { request: TRequestDetail }) {
  const code = isStudentRequestCode(r.typeCode) ? r.typeCode : null;
  const saved = useGetStudentRequestData(r.id);
  const context = saved.data?.context;
  const form = useRequestDataForm(code, requestData(r), context);
  const confirm = useConfirm();
  const title = code ? studentRequestForm(code, context?.visaType ?? null).title : r.typeName;
  const actions = useRequestSubmit(form, {
    requestTypeId: r.requestTypeId,
    request: r,
    confirmSubmit: () =>
      confirm.ask({
        title: 'Submit request',
        message: `Submit ${title} request #${r.number} about ${r.subjectName}?`,
        effects: [
          'It goes to the office for a decision; approving it changes the student record and queues its SEVIS update.',
          'The form cannot be changed after submitting.',
        ],
        confirmLabel: 'Submit request',
      }),
  });
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (leaving) void navigate(requestPage(r.id), { replace: true });
  }, [leaving, navigate, r.id]);
  const onSubmit = async () => {
    const res = await actions.submit();
    if (res.ok) {
      snack(`Request #${r.number} was submitted. Decide it on its page.`, 'success', 6000);
      setLeaving(true);
    }
  };
  if (saved.isPending) return <PageLoader />;
  return (
    <Box>
      <UnsavedChangesGuard when={r.canEdit && form.isDirty && !leaving} />
      <Button component={RouterLink} to={requestPage(r.id)} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the request
      </Button>
      <PageHeader title={`Request #${r.number}: ${title}`} subtitle={r.subjectName} />
      {confirm.dialog}
      <Stack spacing={2}>
        <ProblemAlert problem={actions.problem} />
        {!r.canEdit ? (
          <Alert severity="info">This request has been submitted: the form reads as it was sent. Its page shows where it stands.</Alert>
        ) : null}
        <RequestSummary request={r} />
        {code ? (
          <StudentRequestForm
            code={code}
            data={form.data}
            errors={form.errors}
            readOnly={!r.canEdit}
            context={context}
            onChange={form.setField}
            onBlur={form.blurField}
          />
        ) : null}
        {r.canEdit ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
              Save a draft to finish later. Fields marked * are needed to submit.
            </Typography>
            <Button
              onClick={() =>
                void actions.saveDraft().then((id) => {
                  if (id) snack('Draft saved.', 'success');
                })
              }
              disabled={actions.busy}
            >
              Save draft
            </Button>
            <Button variant="contained" onClick={() => void onSubmit()} disabled={actions.busy || !r.allowedActions.includes('submit')}>
              Submit request
            </Button>
          </Paper>
        ) : null}
      </Stack>
    </Box>
  );
}
