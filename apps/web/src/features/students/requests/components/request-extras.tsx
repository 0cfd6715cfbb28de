import type { ReactNode } from 'react';
import { Alert, FormControl, FormHelperText, InputLabel, MenuItem, Paper, Select, Typography } from '@mui/material';
import type { TRequestDetail } from '@meridian/domain';
import { snack } from '../../../../ui/notify';
import { RequestDocuments } from '../../../attachments';
import { useListAdvisors } from '../../../requests';
import { useUpdateRequest } from '../../../requests';
import { RequestQuestionnaire } from '../../../requests';
import { RequestCustomQuestions } from '../../../requests';
import type { TUnsavedRequestAnswers } from '../../../requests';

/** Request types whose approval workflow asks the student's faculty advisor (seeded: faculty recommendation). */
export const ADVISOR_TYPES = new Set(['cpt_request', 'rcl_request']);
/** Said on the advisor chooser when a request that needs a recommendation is submitted without one. */
export const ADVISOR_REQUIRED = 'Choose your faculty advisor: they recommend this request before the office decides.';

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

/** The faculty advisor who recommends the request (saved at once, as on the generic request page). */
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
