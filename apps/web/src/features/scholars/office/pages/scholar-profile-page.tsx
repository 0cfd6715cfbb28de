import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOpen from '@mui/icons-material/LockOpen';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { labelOfStatus, type scholarsApi, visaOfProcessedState } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageLoader } from '../../../../ui/page-loader';
import { WideTabs } from '../../../../ui/wide-tabs';
import { ScholarTimePanel } from '../../reports';
import { StartScholarRequestButton } from '../../requests';
import { GenerateLetterButton } from '../../../letters';
import { caseKey, useGetOfficeCase } from '../api/office-case';
import { ApplicationDataView } from '../components/application-data-view';
import { CaseHeader } from '../components/case-header';
import { phaseLabel, statusLabel, visaLabel } from '../components/case-format';
import { DefinitionList } from '../components/definition-list';
import { ExchangeVisitorPanel } from '../components/exchange-visitor-panel';
import { EmploymentDetailsForm, OfficeDataForm, PremiumProcessingForm } from '../components/office-forms';
import { ProcessPanel } from '../components/process-panel';
import { CaseDocumentsTable, CaseHistoryLog, CaseRequestsTable, PetitionsTable, StatusHistoryTable } from '../components/profile-lists';
import { SponsorshipDetails } from '../components/sponsorship-details';
import { StatusChangeDialog } from '../components/status-change-dialog';

type TCase = scholarsApi.TOfficeCase;
type TVisa = 'H-1B' | 'O-1' | 'J-1' | 'F-1 OPT/STEM';

/** Which parts of the application form each tab shows (section keys of the domain's form tables). */
const BENEFICIARY = ['change', 'beneficiary', 'usAddress', 'foreignAddress', 'addresses', 'document', 'dependents'];
const SUPPLEMENTS: Record<TVisa, string[]> = {
  'H-1B': ['petition', 'wages'],
  'O-1': ['o1Supplement', 'itinerary'],
  'J-1': ['program', 'siteOfActivity', 'funding', 'priorJ'],
  'F-1 OPT/STEM': ['opt', 'employment'],
};
const ADDITIONAL: Record<TVisa, string[]> = {
  'H-1B': ['education', 'immigration'],
  'O-1': ['education', 'immigration'],
  'J-1': ['education', 'immigration'],
  'F-1 OPT/STEM': ['education', 'immigration'],
};
const SUPPLEMENT_LABEL: Record<TVisa, string> = {
  'H-1B': 'H-1B I-129 Supplements',
  'O-1': 'O-1 I-129 Supplement',
  'J-1': 'J-1 Program',
  'F-1 OPT/STEM': 'OPT/STEM Details',
};

function ProcessingTab({ c, visa }: { c: TCase; visa: TVisa | null }) {
  const { formatDate } = useFormatDates();
  const [dialog, setDialog] = useState<'status' | 'unlock' | null>(null);
  const [converting, setConverting] = useState(false);
  const hasApplication = !!visa;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="phase-title" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
          <Typography id="phase-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', flex: 1 }}>
            Phase and status
          </Typography>
          {c.canMove ? (
            <>
              {hasApplication && (c.applicationState === 'submitted' || c.isLocked) ? (
                <Button variant="outlined" startIcon={<LockOpen />} onClick={() => setDialog('unlock')}>
                  Unlock for the scholar
                </Button>
              ) : null}
              <Button variant="contained" onClick={() => setDialog('status')}>
                Change phase or status
              </Button>
            </>
          ) : null}
        </Box>
        <DefinitionList
          items={[
            ['Phase', phaseLabel(c.phase)],
            ['Status', statusLabel(c.status)],
            ['Since', formatDate(c.statusChangeDate) || '—'],
            ['Visa type', c.processedState ? visaLabel(c.processedState) : 'Not processed yet'],
            ['Start date', formatDate(c.processedStartDate) || '—'],
            ['End date', formatDate(c.processedEndDate) || '—'],
            ['Application', hasApplication ? labelOfStatus('scholarApplication', c.applicationState) : '—'],
            ['Submitted to the office', c.submittedToIsssAt ? formatDate(c.submittedToIsssAt) || '—' : '—'],
            ['Locked for the scholar', hasApplication ? (c.isLocked ? 'Yes' : 'No') : '—'],
          ]}
        />
      </Paper>
      {c.processedState && c.processedState !== 'Ineligible' ? <ScholarTimePanel applicationId={c.id} /> : null}
      {c.canProcess && !c.processedState ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={`/admin/reviewrequest/${c.id}`}>
              Review the request
            </Button>
          }
        >
          The sponsorship request has not been processed yet.
        </Alert>
      ) : null}
      {c.canProcess && c.processedState ? (
        converting ? (
          <ProcessPanel key={c.version} c={c} onDone={() => setConverting(false)} />
        ) : (
          <Box>
            <Button startIcon={<SwapHoriz />} onClick={() => setConverting(true)}>
              {c.processedState === 'Ineligible' ? 'Process this request after all' : 'Convert to another visa type'}
            </Button>
          </Box>
        )
      ) : null}
      <PremiumProcessingForm key={`p${c.version}`} c={c} />
      <EmploymentDetailsForm key={`e${c.version}`} c={c} />
      {dialog ? <StatusChangeDialog c={c} unlock={dialog === 'unlock'} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

interface TTab {
  key: string;
  label: string;
  render: () => ReactNode;
}

/** A tab that is only a table gets the tab's name as its h2, like the other tabs' sections (headings stay in order: h1, h2). */
function TableTab({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="table-tab-title">
      <Typography id="table-tab-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function tabsOf(c: TCase): TTab[] {
  const visa = visaOfProcessedState(c.processedState);
  const v = visa ?? 'H-1B';
  const infoLabel =
    visa === 'J-1'
      ? 'J-1 Information'
      : visa === 'F-1 OPT/STEM'
        ? 'OPT/STEM Information'
        : `${visa === 'O-1' ? 'O-1' : 'H-1B'} Information`;
  return [
    { key: 'department', label: 'Department', render: () => <SponsorshipDetails c={c} /> },
    {
      key: 'beneficiary',
      label: 'Beneficiary',
      render: () => <ApplicationDataView processedState={c.processedState} data={c.data} sections={BENEFICIARY} />,
    },
    {
      key: 'additional',
      label: 'Additional Information',
      render: () => <ApplicationDataView processedState={c.processedState} data={c.data} sections={ADDITIONAL[v]} />,
    },
    {
      key: 'information',
      label: infoLabel,
      render: () =>
        visa ? <OfficeDataForm key={c.version} c={c} visa={visa} /> : <Alert severity="info">Process the sponsorship request first.</Alert>,
    },
    {
      key: 'supplements',
      label: SUPPLEMENT_LABEL[v],
      render: () => <ApplicationDataView processedState={c.processedState} data={c.data} sections={SUPPLEMENTS[v]} />,
    },
    ...(visa === 'J-1' ? [{ key: 'exchange-visitor', label: 'Exchange Visitor', render: () => <ExchangeVisitorPanel c={c} /> }] : []),
    { key: 'processing', label: 'Processing', render: () => <ProcessingTab c={c} visa={visa} /> },
    {
      key: 'status',
      label: 'Request/Petition Status',
      render: () => (
        <TableTab title="Request/Petition Status">
          <StatusHistoryTable c={c} />
        </TableTab>
      ),
    },
    {
      key: 'requests',
      label: 'Requests',
      render: () => (
        <TableTab title="Requests">
          {/* Staff who edit or process the case start a request for its scholar (docs/product/scholars-office.md#start-a-request). */}
          {(c.canManage || c.canMove) && c.scholar.currentApplicationId === c.id ? (
            <Box sx={{ mb: 1.5 }}>
              <StartScholarRequestButton
                by="office"
                applicationId={c.id}
                scholarName={`${c.scholar.firstName} ${c.scholar.lastName}`.trim()}
                hasPortalAccount={!!c.scholar.userId}
              />
            </Box>
          ) : null}
          <CaseRequestsTable applicationId={c.id} canOpen={c.canOpenRequests} />
        </TableTab>
      ),
    },
    {
      key: 'petitions',
      label: 'Petitions',
      render: () => (
        <TableTab title="Petitions">
          <PetitionsTable c={c} />
        </TableTab>
      ),
    },
    {
      key: 'history',
      label: 'History Log',
      render: () => (
        <TableTab title="History Log">
          <CaseHistoryLog applicationId={c.id} />
        </TableTab>
      ),
    },
    {
      key: 'documents',
      label: 'Documents',
      render: () => (
        <TableTab title="Documents">
          {/* A letter for the case is filed on its sponsorship request (docs/product/letters.md#records). */}
          {c.canManage && c.canOpenRequests && c.sponsorshipRequest ? (
            <Box sx={{ mb: 1.5 }}>
              <GenerateLetterButton scholarCaseId={c.id} recordQueryKey={caseKey(c.id)} />
            </Box>
          ) : null}
          <CaseDocumentsTable applicationId={c.id} canOpen={c.canOpenRequests} />
        </TableTab>
      ),
    },
  ];
}

/**
 * #/admin/scholar-profile/:applicationId: one scholar case with its tabs (docs/product/scholars-office.md#scholar-profile);
 * the tab is in the address.
 */
export function ScholarProfilePage() {
  const { applicationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const query = useGetOfficeCase(applicationId);
  const c = query.data;
  useDocumentTitle(c ? `${c.scholar.firstName} ${c.scholar.lastName}` : 'Scholar profile');
  if (query.isPending) return <PageLoader />;
  if (!c) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" component={RouterLink} to="/admin/dashboard">
            Dashboard
          </Button>
        }
      >
        This scholar case could not be found, or you do not have access to it.
      </Alert>
    );
  }
  const tabs = tabsOf(c);
  const tab = tabs.find((t) => t.key === search.get('tab')) ?? tabs[0]!;
  const goTo = (key: string) =>
    setSearch(
      (s) => {
        const n = new URLSearchParams(s);
        n.set('tab', key);
        return n;
      },
      { replace: true },
    );
  return (
    <Box>
      <Button component={RouterLink} to="/admin/dashboard" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the dashboard
      </Button>
      <CaseHeader c={c} />
      {!c.processedState && c.canProcess ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" component={RouterLink} to={`/admin/reviewrequest/${c.id}`}>
              Review and process
            </Button>
          }
        >
          This sponsorship request is waiting for the office.
        </Alert>
      ) : null}
      {c.applicationState === 'submitted' && c.phase === 'isss_review' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          The scholar submitted the application; it is locked while the office reviews it.
        </Alert>
      ) : null}
      <WideTabs
        label="Scholar profile tabs"
        value={tab.key}
        onChange={goTo}
        tabs={tabs.map((t) => ({ key: t.key, label: t.label }))}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      />
      <Box role="tabpanel" id={`panel-${tab.key}`} aria-labelledby={`tab-${tab.key}`}>
        {tab.render()}
      </Box>
    </Box>
  );
}
