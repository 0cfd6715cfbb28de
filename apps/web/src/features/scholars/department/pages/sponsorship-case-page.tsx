import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { isApiError } from '../../../../app/http/api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { RequestDocuments } from '../../../attachments';
import { useGetCurrentUser } from '../../../auth';
import { RequestHistoryTab } from '../../../requests';
import { useGetDeptCase } from '../api/get-dept-case';
import { CaseActionsBar } from '../components/case-actions-bar';
import { StartScholarRequestButton } from '../../requests';
import { CaseHistory } from '../components/case-history';
import { OfficeInformationPanel, SponsorshipFacts, StatusPanel } from '../components/case-panels';
import { SponsorshipForm } from '../components/sponsorship-form';

const BACK = (
  <Button component={RouterLink} to="/scholar/deptDashboard" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
    Back to the dashboard
  </Button>
);

/** #/scholar/createscholar: the 'New Sponsorship Request' form; saving opens the case. */
export function CreateScholarPage() {
  useDocumentTitle('New Sponsorship Request');
  const me = useGetCurrentUser();
  const navigate = useNavigate();
  if (me.isPending) return <PageLoader />;
  return (
    <Box>
      {BACK}
      <PageHeader
        title="New Sponsorship Request"
        subtitle="Fields marked * are required. Save it as a draft, then invite the scholar and send it for approval."
      />
      <SponsorshipForm
        departmentName={me.data?.department?.name ?? ''}
        onSaved={(c) => void navigate(`/scholar/editscholarapplication/${c.applicationId}`, { replace: true })}
      />
    </Box>
  );
}

/**
 * #/scholar/editscholarapplication/:applicationId: the department's view of a case. A draft (or a
 * request an approver rejected) is edited here; once sent it is read-only, with the office's status.
 */
export function SponsorshipCasePage() {
  const { applicationId } = useParams();
  const q = useGetDeptCase(applicationId);
  const [tab, setTab] = useState('department');
  const c = q.data;
  useDocumentTitle(c ? `Sponsorship Request: ${c.firstName} ${c.lastName}` : 'Review Sponsorship Request');
  if (q.isPending) return <PageLoader />;
  if (q.isError || !c) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return (
      <Box>
        {BACK}
        <PageHeader title="Review Sponsorship Request" />
        <Alert severity={missing ? 'warning' : 'error'}>
          {missing ? 'This sponsorship request was not found in your department.' : 'The sponsorship request could not be loaded.'}
        </Alert>
      </Box>
    );
  }
  const infoTab = c.officeInformation ? `${c.officeInformation.kind} Information` : null;
  const tabs = [
    ['department', 'Department'],
    ['status', 'Status'],
    ...(infoTab ? [['info', infoTab]] : []),
    ['documents', 'Documents'],
    ['history', 'History Log'],
  ];
  return (
    <Box>
      {BACK}
      <PageHeader
        title="Review Sponsorship Request"
        subtitle={`${c.firstName} ${c.lastName} · ${c.proposedStatus} · ${c.departmentName}`}
      />
      <CaseActionsBar c={c} />
      {/* A processed case's department asks the office for changes to it (docs/product/scholars-office.md#start-a-request). */}
      {c.processedState && c.processedState !== 'Ineligible' ? (
        <Box sx={{ mb: 2 }}>
          <StartScholarRequestButton
            by="department"
            applicationId={c.applicationId}
            scholarName={`${c.firstName} ${c.lastName}`.trim()}
            hasPortalAccount={c.isInvited}
          />
        </Box>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_, v: string) => setTab(v)}
        aria-label="Sponsorship request"
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2 }}
      >
        {tabs.map(([k, l]) => (
          <Tab key={k} value={k} label={l} id={`tab-${k}`} aria-controls={`panel-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'department' ? (
          c.canEdit ? (
            <SponsorshipForm key={c.version} existing={c} departmentName={c.departmentName} onSaved={() => undefined} />
          ) : (
            <SponsorshipFacts c={c} />
          )
        ) : null}
        {tab === 'status' ? <StatusPanel c={c} /> : null}
        {tab === 'info' && c.officeInformation ? <OfficeInformationPanel info={c.officeInformation} /> : null}
        {tab === 'documents' && c.sponsorshipRequestId ? (
          <RequestDocuments requestId={c.sponsorshipRequestId} canUpload={c.canEdit} canManage={false} />
        ) : null}
        {tab === 'history' ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Paper variant="outlined">
              <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', p: 2, pb: 0 }}>
                Sponsorship request
              </Typography>
              <CaseHistory applicationId={c.applicationId} />
            </Paper>
            {c.sponsorshipRequestId ? (
              <Paper variant="outlined">
                <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', p: 2, pb: 0 }}>
                  Documents, comments and approvals
                </Typography>
                <RequestHistoryTab requestId={c.sponsorshipRequestId} requesterView />
              </Paper>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
