import { Navigate, useNavigate } from 'react-router';
import { Alert, Box } from '@mui/material';
import { MSG } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { displayName } from '../../../../ui/display-name';
import { useGetCurrentUser } from '../../../auth';
import { useCompleteMyStage, useCompleteMyWizardStep, useGetMyStage, useSaveMyStageAnswers } from '../api/my-stage';
import { refusalOf } from '../api/field-errors';
import { WizardView } from '../components/wizard-view';

/** #/student/welcome-wizard: the invited student's welcome wizard; Finish moves them to pre-arrival. */
export function WelcomeWizardPage() {
  useDocumentTitle('Welcome');
  const me = useGetCurrentUser();
  const stage = useGetMyStage();
  const save = useSaveMyStageAnswers();
  const step = useCompleteMyWizardStep();
  const complete = useCompleteMyStage();
  const navigate = useNavigate();
  if (stage.isPending || me.isPending) return <PageLoader />;
  if (stage.isError || !stage.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  if (stage.data.stage !== 'invited') return <Navigate to={stage.data.homePath} replace />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Welcome"
        subtitle={me.data ? `Hello, ${displayName(me.data)}. A few steps to get you started with the international office.` : undefined}
      />
      <WizardView
        stage={stage.data}
        userId={me.data?.userId ?? null}
        actions={{
          busy: save.isPending || step.isPending || complete.isPending,
          saveAnswers: async (answers) => {
            try {
              await save.mutateAsync(answers);
              snack('Your answers were saved.', 'success');
            } catch (e) {
              snack(refusalOf(e).message, 'error');
              throw e;
            }
          },
          completeStep: async (stepId) => {
            try {
              await step.mutateAsync(stepId);
              return null;
            } catch (e) {
              return refusalOf(e).fields;
            }
          },
          finish: async () => {
            try {
              const out = await complete.mutateAsync();
              snack('Welcome wizard complete. Next: your pre-arrival checklist.', 'success');
              void navigate(out.homePath);
              return null;
            } catch (e) {
              return refusalOf(e).fields;
            }
          },
        }}
      />
    </Box>
  );
}
