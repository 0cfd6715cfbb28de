import type { ReactNode } from 'react';
import { Alert, AlertTitle, FormControl, FormHelperText, InputLabel, MenuItem, Paper, Select, Typography } from '@mui/material';
import type { TRequestDetail } from '@meridian/domain';
import { snack } from '../../../ui/notify';
import { RequestDocuments } from '../../attachments';
import { useListAdvisors } from '../api/list-advisors';
import { useUpdateRequest } from '../api/update-request';
import { RequestQuestionnaire } from './request-answers-view';
import { RequestCustomQuestions } from './request-custom-questions';
import type { TUnsavedRequestAnswers } from './unsaved-answers';

/*
 * The parts of a request page its requester sees, whichever form the request has (the generic page, a
 * student's request form, a scholar request): where it stands, the faculty advisor, the questions, the documents.
 */

/** A titled part of the page, named for assistive technology by its heading. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Where the request stands, told to its requester: what the office asks, what it decided, who has it now.
 * `approved` is said when the office approved it without a message of its own.
 */
export function RequesterStatusAlerts({
  request: r,
  approved = 'The office approved your request.',
}: {
  request: TRequestDetail;
  approved?: string;
}) {
  if (r.status === 'clarification_requested') {
    return (
      <Alert severity="warning">
        <AlertTitle>The office asks for clarification</AlertTitle>
        {r.statusMessage}
        <br />
        Change your answers or documents, then submit again.
      </Alert>
    );
  }
  if (r.status === 'rejected')
    return (
      <Alert severity="error">
        <AlertTitle>Your request was rejected</AlertTitle>
        {r.statusMessage || 'Please contact the office for details.'}
      </Alert>
    );
  if (r.status === 'dismissed')
    return (
      <Alert severity="info">
        <AlertTitle>This request was cancelled</AlertTitle>
        {r.statusMessage}
      </Alert>
    );
  if (r.status === 'adv_review')
    return (
      <Alert severity="info">
        <AlertTitle>With your approvers</AlertTitle>
        Your request has been submitted and is with its approvers ({r.approverCheck.steps.join(', then ') || 'approvers'}); the office
        decides after them. They were e-mailed a link; you will be told by e-mail when something changes.
      </Alert>
    );
  if (['submitted', 'in_review', 'awaiting_adjudication'].includes(r.status)) {
    return (
      <Alert severity="info">
        <AlertTitle>With the office</AlertTitle>
        Your request has been submitted and is with the office. You will be told by e-mail when something changes.
        {r.statusMessage ? (
          <>
            <br />
            Message from the office: {r.statusMessage}
          </>
        ) : null}
      </Alert>
    );
  }
  if (r.status === 'approved' || r.status === 'completed')
    return (
      <Alert severity="success">
        <AlertTitle>Approved</AlertTitle>
        {r.statusMessage || approved}
      </Alert>
    );
  return null;
}

/** The faculty advisor who recommends the request (saved at once). */
export function AdvisorChooser({ request, required, error }: { request: TRequestDetail; required: boolean; error?: string | undefined }) {
  const advisors = useListAdvisors();
  const update = useUpdateRequest(request.id);
  const editable = request.canEdit;
  return (
    <Section title="Faculty advisor" id="section-advisor">
      {editable ? (
        <FormControl size="small" sx={{ minWidth: { xs: '100%', sm: 360 } }} error={!!error} required={required}>
          <InputLabel id="advisor-label">Faculty advisor</InputLabel>
          <Select
            labelId="advisor-label"
            id="field-advisorUserId"
            label="Faculty advisor"
            value={request.advisor?.userId ?? ''}
            disabled={update.isPending}
            onChange={(e) => update.mutate(e.target.value || null, { onSuccess: () => snack('Faculty advisor saved.', 'success') })}
          >
            <MenuItem value="">None</MenuItem>
            {(advisors.data ?? []).map((a) => (
              <MenuItem key={a.userId} value={a.userId}>
                {a.name}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText>
            {error ||
              (required
                ? 'Your faculty advisor recommends this request: they get an e-mail with a link to approve it after you submit.'
                : 'Only if this request needs a faculty recommendation: your advisor will get an e-mail to approve it.')}
          </FormHelperText>
        </FormControl>
      ) : (
        <Typography>{request.advisor ? `${request.advisor.name} (${request.advisor.email})` : 'None named'}</Typography>
      )}
    </Section>
  );
}

/** The engine's questionnaires and custom questions of the request type. */
export function RequestQuestions({
  request,
  fieldErrors,
  unsaved,
}: {
  request: TRequestDetail;
  fieldErrors: Record<string, string>;
  unsaved: TUnsavedRequestAnswers;
}) {
  return (
    <>
      {request.questionnaireIds.map((q) => (
        <RequestQuestionnaire
          key={q}
          requestId={request.id}
          questionnaireId={q}
          readOnly={!request.canEdit}
          fieldErrors={fieldErrors}
          pending={unsaved.pending}
        />
      ))}
      <RequestCustomQuestions requestId={request.id} readOnly={!request.canEdit} fieldErrors={fieldErrors} pending={unsaved.pending} />
    </>
  );
}

/** The request type's documents: required ones with their upload, and the files already there. */
export function RequestDocumentsSection({ request, fieldErrors }: { request: TRequestDetail; fieldErrors: Record<string, string> }) {
  const docErrors = Object.entries(fieldErrors).filter(([k]) => k.startsWith('documents.'));
  if (!request.documentIds.length && !request.canEdit) return null;
  return (
    <Section title="Documents" id="section-documents">
      {docErrors.map(([k, v]) => (
        <Alert key={k} severity="error" sx={{ mb: 1 }}>
          {v}
        </Alert>
      ))}
      <RequestDocuments requestId={request.id} canUpload={request.canEdit} canManage={false} />
    </Section>
  );
}
