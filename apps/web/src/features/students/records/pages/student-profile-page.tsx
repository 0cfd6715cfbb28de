import { useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { MSG, type TLookupRef, type TStudentStage } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { PageLoader } from '../../../../ui/page-loader';
import { WideTabs } from '../../../../ui/wide-tabs';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useListCorrections } from '../api/student-corrections';
import { recordKey, useGetStudent, useUpdateStudent } from '../api/student-record';
import { GenerateLetterButton } from '../../../letters';
import { RecordDisclosures } from '../../../audit';
import { STUDENT_STAGE_NAMES } from '../../list';
import { StageProgressCard } from '../../portal';
import { StartRequestButton } from '../components/start-request-button';
import { InviteButton } from '../components/invite-button';
import { RecordUpload } from '../components/record-upload';
import { can } from '@meridian/domain';
import { useGetCurrentUser } from '../../../auth';
import { actorOf } from '../../../../shells/common/menu';
import { LookupText } from '../../../lookups';
import { DocumentsTab, RequestsTab, SevisUpdatesTab, StudentHistoryTab } from '../components/record-lists';
import {
  F1DependentsTab,
  F1EmploymentTab,
  F1ProfileTab,
  F1ProgramTab,
  J1AdditionalTab,
  J1DepartmentTab,
  J1Ds2019Tab,
  J1Ds7002Tab,
  J1ExchangeVisitorTab,
  J1ProfileTab,
  MessageCenterTab,
  RecordEmailsTab,
  type TTabProps,
} from '../components/record-profile-tabs';

type TTab = { key: string; label: string; Component: ComponentType<TTabProps> };
/** The office's list the exchange visitor's category is read from (docs/product/lookups.md). */
const EV_CATEGORY: TLookupRef = { key: 'ev-categories' };
const Requests = (p: TTabProps) => <RequestsTab profileId={p.record.id} />;
const Documents = (p: TTabProps) => <DocumentsTab profileId={p.record.id} />;
const History = (p: TTabProps) => <StudentHistoryTab profileId={p.record.id} />;
const Sevis = (p: TTabProps) => <SevisUpdatesTab profileId={p.record.id} visaType={p.record.visaType} />;
const Disclosures = (p: TTabProps) => <RecordDisclosures profileId={p.record.id} />;

const F1_TABS: TTab[] = [
  { key: 'profile', label: 'Profile', Component: F1ProfileTab },
  { key: 'program', label: 'Program', Component: F1ProgramTab },
  { key: 'dependents', label: 'Dependents', Component: F1DependentsTab },
  { key: 'employment', label: 'Employment', Component: F1EmploymentTab },
  { key: 'requests', label: 'Requests', Component: Requests },
  { key: 'documents', label: 'Documents', Component: Documents },
  { key: 'sevis', label: 'SEVIS Updates', Component: Sevis },
  { key: 'messages', label: 'E-mails', Component: RecordEmailsTab },
  { key: 'history', label: 'History Log', Component: History },
  { key: 'disclosures', label: 'Disclosures', Component: Disclosures },
];
/** The exchange visitor profile's tab set. */
const J1_TABS: TTab[] = [
  { key: 'department', label: 'Department', Component: J1DepartmentTab },
  { key: 'exchange-visitor', label: 'Exchange Visitor', Component: J1ExchangeVisitorTab },
  { key: 'ds-2019', label: 'DS-2019', Component: J1Ds2019Tab },
  { key: 'ds-7002', label: 'DS-7002', Component: J1Ds7002Tab },
  { key: 'additional', label: 'Additional Information', Component: J1AdditionalTab },
  { key: 'profile', label: 'Profile', Component: J1ProfileTab },
  { key: 'messages', label: 'Message Center', Component: MessageCenterTab },
  { key: 'requests', label: 'Requests', Component: Requests },
  { key: 'documents', label: 'Documents', Component: Documents },
  { key: 'history', label: 'History Log', Component: History },
  { key: 'disclosures', label: 'Disclosures', Component: Disclosures },
];

const STATUS_COLORS: Record<string, 'success' | 'info' | 'error' | 'default' | 'warning'> = {
  Active: 'success',
  Initial: 'info',
  Terminated: 'error',
  Completed: 'default',
  Canceled: 'default',
  'No Show': 'warning',
  Invalid: 'error',
  Inactive: 'default',
  Deactivated: 'default',
};

/** Which sections hold unsaved changes: one setter per section, stable across renders. */
function useDirtySections() {
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const setters = useRef(new Map<string, (d: boolean) => void>());
  const track = useCallback((key: string) => {
    let fn = setters.current.get(key);
    if (!fn) {
      fn = (d: boolean) =>
        setDirty((prev) => {
          if (prev.has(key) === d) return prev;
          const next = new Set(prev);
          if (d) next.add(key);
          else next.delete(key);
          return next;
        });
      setters.current.set(key, fn);
    }
    return fn;
  }, []);
  return { isDirty: dirty.size > 0, track, clear: () => setDirty(new Set()) };
}

/** #/isss/student-profile/:profileId: the student record with the F-1 or exchange-visitor tab set; the tab is in the address. */
export function StudentProfilePage() {
  const { profileId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const record = useGetStudent(profileId);
  const update = useUpdateStudent(profileId);
  const corrections = useListCorrections('pending', 1, 5, profileId);
  const { isDirty, track, clear } = useDirtySections();
  const [pendingTab, setPendingTab] = useState<string | null>(null);
  const me = useGetCurrentUser();
  const processes = can(me.data ? actorOf(me.data) : null, 'requests.process');
  const r = record.data;
  useDocumentTitle(r ? `${r.firstName} ${r.lastName}` : 'Student profile');
  const tabs = r?.visaType === 'J-1' ? J1_TABS : F1_TABS;
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

  const save = useCallback(
    async (body: Record<string, unknown>) => {
      const b = { ...body };
      if ('campusSiteId' in b) b.campusSiteId = b.campusSiteId === '' ? undefined : Number(b.campusSiteId);
      if ('portalAccess' in b) b.portalAccess = Number(b.portalAccess);
      return update.mutateAsync({ ...b, updatedAt: record.data!.updatedAt });
    },
    [update, record.data],
  );
  const tabProps = useMemo(() => (r ? { record: r, save, track, reload: () => void record.refetch() } : null), [r, save, track, record]);

  if (record.isPending) return <PageLoader />;
  if (!r || !tabProps) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" component={RouterLink} to="/isss/students-list">
            Student list
          </Button>
        }
      >
        This student record could not be found, or you do not have access to it.
      </Alert>
    );
  }
  const pending = corrections.data?.items ?? [];
  return (
    <Box>
      <UnsavedChangesGuard when={isDirty} />
      <Button component={RouterLink} to="/isss/students-list" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the student list
      </Button>
      <Box component="header" sx={{ mb: 2 }}>
        <Typography variant="h1" component="h1">
          {r.lastName}, {r.firstName}
          {r.middleName ? ` ${r.middleName}` : ''}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
          <Chip label={r.visaType} color="primary" size="small" />
          <Chip
            label={`SEVIS status: ${r.sevisStatus}`}
            color={STATUS_COLORS[r.sevisStatus] ?? 'default'}
            variant="outlined"
            size="small"
          />
          <Chip
            label={`Stage: ${STUDENT_STAGE_NAMES[r.currentStage as TStudentStage] ?? r.currentStage}`}
            variant="outlined"
            size="small"
          />
          {r.tags.map((t) => (
            <Chip key={t} label={t} size="small" variant="outlined" />
          ))}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          SEVIS ID <strong>{r.sevisId ?? 'not created yet'}</strong>
          {r.campusId ? (
            <>
              {' '}
              · Campus ID <strong>{r.campusId}</strong>
            </>
          ) : null}
          {r.campusSiteName ? <> · {r.campusSiteName}</> : null}
          {r.visaType === 'J-1' && r.evCategoryCode ? (
            <>
              {' '}
              · <LookupText lookup={EV_CATEGORY} value={r.evCategoryCode} />
            </>
          ) : null}
          {r.email ? <> · {r.email}</> : null}
        </Typography>
      </Box>
      {r.canEdit && (!r.userId || r.currentStage === 'invited') ? (
        // Not yet in the portal: invite from the record itself (the server refuses once they have signed in).
        <Box sx={{ mb: 2 }}>
          <InviteButton profileId={r.id} invited={!!r.userId} name={`${r.firstName} ${r.lastName}`.trim()} email={r.email ?? ''} />
        </Box>
      ) : null}
      {!r.canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You may read this record but not change it.
        </Alert>
      ) : null}
      {pending.length ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The student asked to correct their record:{' '}
          {pending.map((c, i) => (
            <span key={c.id}>
              {i ? ', ' : ''}
              <Link component={RouterLink} to={`/isss/student-request-comparison/${c.id}`}>
                compare and decide ({c.fields.length} field{c.fields.length === 1 ? '' : 's'})
              </Link>
            </span>
          ))}
        </Alert>
      ) : null}
      {r.pendingSevisEvents ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {r.pendingSevisEvents} SEVIS update{r.pendingSevisEvents === 1 ? '' : 's'} waiting for the next batch.{' '}
          <Link component="button" onClick={() => goTo(r.visaType === 'J-1' ? 'exchange-visitor' : 'sevis')}>
            See them
          </Link>
        </Alert>
      ) : null}
      {r.userId && ['invited', 'pre_arrival', 'check_in'].includes(r.currentStage) ? (
        // While the student is still on their way in, staff see how far the portal's stages have got.
        <Box sx={{ mb: 2 }}>
          <StageProgressCard profileId={r.id} />
        </Box>
      ) : null}
      <WideTabs
        label="Student record tabs"
        value={tab.key}
        onChange={(v) => (isDirty ? setPendingTab(v) : goTo(v))}
        tabs={tabs.map((t) => ({ key: t.key, label: t.label }))}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      />
      <Box role="tabpanel" id={`panel-${tab.key}`} aria-labelledby={`tab-${tab.key}`}>
        {tab.key === 'requests' && processes ? (
          <Box sx={{ mb: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <StartRequestButton profileId={r.id} studentName={`${r.firstName} ${r.lastName}`.trim()} hasPortalAccount={!!r.userId} />
          </Box>
        ) : null}
        {tab.key === 'documents' && r.canEdit && r.userId ? <RecordUpload profileId={r.id} userId={r.userId} /> : null}
        {tab.key === 'documents' && r.canEdit ? (
          // docs/product/letters.md#generate-and-file: a letter from a template, filed here.
          <Box sx={{ mb: 2, display: 'flex', justifyContent: 'flex-end' }}>
            <GenerateLetterButton profileId={r.id} visaType={r.visaType} recordQueryKey={recordKey(r.id)} />
          </Box>
        ) : null}
        <tab.Component {...tabProps} />
      </Box>
      <ConfirmDialog
        open={!!pendingTab}
        title="Unsaved changes"
        message={MSG.unsavedChanges}
        confirmLabel="OK"
        onCancel={() => setPendingTab(null)}
        onConfirm={() => {
          clear();
          goTo(pendingTab!);
          setPendingTab(null);
        }}
      />
    </Box>
  );
}
