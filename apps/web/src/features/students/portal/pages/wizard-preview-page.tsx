import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { MSG, type TStudentVisaType } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { WizardView } from '../components/wizard-view';
import { usePreviewWizard } from '../api/wizard-steps';

/** #/isss/welcome-wizard-configurations/preview: the wizard exactly as a student sees it, read-only, per visa type. */
export function WizardPreviewPage() {
  useDocumentTitle('Welcome Wizard Preview');
  const [visaType, setVisaType] = useState<TStudentVisaType>('F-1');
  const preview = usePreviewWizard(visaType);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button component={RouterLink} to="/isss/welcome-wizard-configurations" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to Welcome Wizard Configuration
      </Button>
      <PageHeader
        title="Welcome Wizard Preview"
        subtitle="What an invited student sees. Only active steps for the chosen visa type are shown."
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id="visa-switch" color="text.secondary">
              Student’s visa type
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={visaType}
              aria-labelledby="visa-switch"
              onChange={(_, v: TStudentVisaType | null) => v && setVisaType(v)}
            >
              <ToggleButton value="F-1">F-1</ToggleButton>
              <ToggleButton value="J-1">J-1</ToggleButton>
            </ToggleButtonGroup>
          </Box>
        }
      />
      {preview.isPending ? (
        <PageLoader />
      ) : preview.isError || !preview.data ? (
        <Alert severity="error">{MSG.defaultError}</Alert>
      ) : (
        // A new key per visa type starts the stepper again at the first step.
        <WizardView
          key={visaType}
          stage={preview.data}
          userId={null}
          previewLabel={`Preview as an ${visaType} student: nothing can be answered, uploaded or finished here.`}
        />
      )}
    </Box>
  );
}
