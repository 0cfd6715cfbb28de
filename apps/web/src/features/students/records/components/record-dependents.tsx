import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useForm } from 'react-hook-form';
import {
  dependentEndIssues,
  dependentReasonGroups,
  dependentReasonNeedsRemarks,
  dependentSevisIssues,
  EMPLOYMENT_TIME_LOOKUP,
  MSG,
  OPT_PHASES,
  SEVIS_RULE_MSG,
  studentsApi,
  textOf,
} from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useOfficeToday } from '../../../../app/office-today';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useDeactivateSiteOfActivity, useSaveDependent, useSaveSiteOfActivity, useTerminateDependent } from '../api/student-dependents';
import { LookupText, useLookupChecker } from '../../../lookups';
import { isApiError } from '../../../../app/http/api-error';
import { addressText, GENDERS } from './record-format';
import { DependentReasonField, DependentReasonText } from './dependent-reason-field';
import { BIRTH_COUNTRIES, RESIDENCE_COUNTRIES } from './record-fields';
import { FieldInputs, knownFieldsOf, toBody, toFormValues, type TFieldDef } from './record-section';

type TRecord = studentsApi.TStudentRecord;
type TDependent = studentsApi.TStudentDependent;
const L = studentsApi.STUDENT_FIELD_LABELS;

const DEPENDENT_FIELDS: TFieldDef[] = [
  { name: 'firstName', label: 'First name', required: true, maxLength: 60 },
  { name: 'lastName', label: 'Last name', required: true, maxLength: 60 },
  { name: 'relationshipCode', label: 'Relationship', kind: 'lookup', required: true, lookup: { key: 'dependent-relationships' } },
  { name: 'birthDate', label: 'Date of birth', kind: 'date', required: true },
  { name: 'gender', label: 'Gender', kind: 'select', required: true, options: GENDERS.filter((g) => g.value !== 'U') },
  { name: 'email', label: 'E-mail', maxLength: 65 },
  { name: 'birthCity', label: 'City of birth', maxLength: 60 },
  // Countries from the office's lists, kept by ISO code as the record's own are.
  { name: 'birthCountryCode', label: L.birthCountryCode!, required: true, kind: 'lookup', lookup: BIRTH_COUNTRIES },
  { name: 'citizenshipCountryCode', label: L.citizenshipCountryCode!, required: true, kind: 'lookup', lookup: RESIDENCE_COUNTRIES },
  { name: 'permanentResidenceCountryCode', label: L.permanentResidenceCountryCode!, kind: 'lookup', lookup: RESIDENCE_COUNTRIES },
];

/** A J-2 is added on a new DS-2019 whose purpose SEVIS requires (exchange visitor EVPrintReasonType 06 / 08). */
const J2_PURPOSE_FIELD: TFieldDef = {
  name: 'formPurpose',
  label: 'DS-2019 purpose (SEVIS)',
  kind: 'lookup',
  required: true,
  lookup: { key: 'ev-print-reasons' },
};

function DependentDialog({
  profileId,
  record,
  dependent,
  onClose,
  onDirtyChange,
}: {
  profileId: string;
  record: Pick<TRecord, 'visaType' | 'dependents'>;
  dependent: TDependent | null;
  onClose: () => void;
  onDirtyChange: (d: boolean) => void;
}) {
  const save = useSaveDependent(profileId);
  const officeToday = useOfficeToday();
  const [error, setError] = useState<string | null>(null);
  const fields = !dependent && record.visaType === 'J-1' ? [...DEPENDENT_FIELDS, J2_PURPOSE_FIELD] : DEPENDENT_FIELDS;
  const form = useForm({
    defaultValues: toFormValues((dependent ?? { relationshipCode: '02' }) as Record<string, unknown>, fields),
  });
  const [asking, setAsking] = useState(false);
  const close = () => {
    onDirtyChange(false);
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = toBody(v, fields) as studentsApi.TStudentDependentInput;
    // The SEVIS rules the server checks (names, one spouse, a child under 21, no U.S.-born F-2), said on their fields first.
    const issues = Object.entries(
      dependentSevisIssues(
        { ...body, id: dependent?.id ?? null },
        { visaType: record.visaType, today: officeToday(), others: record.dependents },
      ),
    ).filter(([k]) => {
      // A change is checked on the fields it changes (as the server does): what SEVIS already holds is not refused again.
      const key = k as keyof TDependent & keyof studentsApi.TStudentDependentInput;
      return !dependent || textOf(dependent[key]) !== textOf(body[key]);
    });
    if (issues.length) {
      for (const [k, message] of issues) form.setError(k, { type: 'sevis', message });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: dependent?.id, body });
      snack(saved.needsSevisUpdate && dependent ? 'Dependent saved. The change is queued for SEVIS.' : 'Dependent saved.', 'success');
      close();
    } catch (e) {
      setError(handleFormError(e, form.setError, knownFieldsOf(fields)));
    }
  });
  const dirty = form.formState.isDirty;
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  return (
    <Dialog open onClose={() => (form.formState.isDirty ? setAsking(true) : close())} maxWidth="md" fullWidth aria-labelledby="dep-title">
      <DialogTitle id="dep-title">{dependent ? `Edit ${dependent.firstName} ${dependent.lastName}` : 'Add a dependent'}</DialogTitle>
      <DialogContent>
        <Box component="form" id="dep-form" noValidate onSubmit={(e) => void submit(e)} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <FieldInputs form={form} fields={fields} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            A change of name, relationship, gender, birth date or city, or of any of the three countries is sent to SEVIS as a dependent
            update.
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => (form.formState.isDirty ? setAsking(true) : close())}>Cancel</Button>
        <Button type="submit" form="dep-form" variant="contained" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={asking}
        title="Unsaved changes"
        message={MSG.unsavedChanges}
        confirmLabel="OK"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          close();
        }}
      />
    </Dialog>
  );
}

function TerminateDialog({
  profileId,
  visaType,
  dependent,
  onClose,
}: {
  profileId: string;
  visaType: string;
  dependent: TDependent;
  onClose: () => void;
}) {
  const terminate = useTerminateDependent(profileId);
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<{ reasonCode?: string | undefined; remarks?: string | undefined }>({});
  const [failure, setFailure] = useState('');
  // The reasons come from the office's lists and are checked against them, as the server does (docs/product/lookups.md).
  const keys = useMemo(() => dependentReasonGroups(visaType).map((g) => g.ref.key), [visaType]);
  const lookups = useLookupChecker(keys);
  const needsRemarks = dependentReasonNeedsRemarks(visaType, reason);
  const ev = visaType === 'J-1';
  return (
    <Dialog open onClose={onClose} aria-labelledby="term-title">
      <DialogTitle id="term-title">
        End the status of {dependent.firstName} {dependent.lastName}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {ev
            ? 'Choose what SEVIS is sent: Terminate, for a violation (SEVIS Table 19), or End program, when the status ends without one (SEVIS Table 18: death, divorce, other).'
            : 'The termination is queued for SEVIS with the reason you choose (SEVIS Table 3).'}{' '}
          This cannot be undone here.
        </Typography>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <DependentReasonField
          id="term-reason"
          name="reasonCode"
          label="SEVIS reason"
          visaType={visaType}
          required
          value={reason}
          onChange={(v) => {
            setReason(v);
            setErrors({});
          }}
          error={!!errors.reasonCode}
          helperText={errors.reasonCode || ' '}
        />
        <TextField
          id="term-remarks"
          name="remarks"
          label={needsRemarks ? 'Other remarks for SEVIS' : 'Remarks for SEVIS'}
          required={needsRemarks}
          fullWidth
          multiline
          minRows={2}
          value={remarks}
          onChange={(e) => {
            setRemarks(e.target.value);
            setErrors((x) => ({ ...x, remarks: undefined }));
          }}
          error={!!errors.remarks}
          helperText={errors.remarks || (needsRemarks ? 'SEVIS needs them with the reason “Other”.' : ' ')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={terminate.isPending}
          onClick={() => {
            setFailure('');
            const found = dependentEndIssues(visaType, reason, remarks, lookups);
            setErrors(found);
            if (Object.keys(found).length) return;
            terminate.mutate(
              { id: dependent.id, reasonCode: reason, remarks },
              {
                onSuccess: () => {
                  snack(
                    ev && reason.startsWith('END-')
                      ? 'Dependent’s program ended. The update is queued for SEVIS.'
                      : 'Dependent terminated. The termination is queued for SEVIS.',
                    'success',
                  );
                  onClose();
                },
                onError: (e) => {
                  const byField = isApiError(e) ? (e.fieldErrors ?? {}) : {};
                  if (byField.reasonCode?.[0] || byField.remarks?.[0])
                    setErrors({ reasonCode: byField.reasonCode?.[0], remarks: byField.remarks?.[0] });
                  else setFailure(e instanceof Error ? e.message : 'The dependent could not be terminated.');
                },
              },
            );
          }}
        >
          {ev ? 'Send to SEVIS' : 'Terminate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Dependents (F-2/J-2): list, add, edit, terminate with a reason. */
export function DependentsTab({ record, onDirtyChange }: { record: TRecord; onDirtyChange: (d: boolean) => void }) {
  const { formatDate } = useFormatDates();
  const [editing, setEditing] = useState<TDependent | 'new' | null>(null);
  const [terminating, setTerminating] = useState<TDependent | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Dependents
        </Typography>
        {record.canEdit ? (
          <Button startIcon={<Add />} onClick={() => setEditing('new')}>
            Add a dependent
          </Button>
        ) : null}
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Dependents">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Relationship</TableCell>
              <TableCell>Born</TableCell>
              <TableCell>Citizenship</TableCell>
              <TableCell>SEVIS</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {record.dependents.map((d) => (
              <TableRow key={d.id}>
                <TableCell>
                  {d.firstName} {d.lastName}
                  {d.email ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {d.email}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <LookupText lookup={{ key: 'dependent-relationships' }} value={d.relationshipCode} />
                </TableCell>
                <TableCell>
                  {formatDate(d.birthDate)}
                  {d.birthCity || d.birthCountryCode ? (
                    <Typography variant="caption" component="div">
                      {[d.birthCity, d.birthCountryCode].filter(Boolean).join(', ')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {d.citizenshipCountryCode}
                  {d.permanentResidenceCountryCode ? ` (resides ${d.permanentResidenceCountryCode})` : ''}
                </TableCell>
                <TableCell>
                  {d.sevisId ?? 'Not created yet'}
                  {d.needsSevisUpdate ? (
                    <Chip size="small" color="warning" variant="outlined" label="SEVIS update pending" sx={{ ml: 1 }} />
                  ) : null}
                </TableCell>
                <TableCell>
                  {d.status === 'Terminated' ? (
                    <>
                      Terminated (<DependentReasonText visaType={record.visaType} value={d.terminationReasonCode} />)
                    </>
                  ) : (
                    d.status
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {record.canEdit && d.status !== 'Terminated' ? (
                    <>
                      <Button size="small" onClick={() => setEditing(d)} aria-label={`Edit ${d.firstName} ${d.lastName}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setTerminating(d)}
                        aria-label={`Terminate ${d.firstName} ${d.lastName}`}
                      >
                        Terminate
                      </Button>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {record.dependents.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>No dependents.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? (
        <DependentDialog
          profileId={record.id}
          record={record}
          dependent={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDirtyChange={onDirtyChange}
        />
      ) : null}
      {terminating ? (
        <TerminateDialog profileId={record.id} visaType={record.visaType} dependent={terminating} onClose={() => setTerminating(null)} />
      ) : null}
    </Paper>
  );
}

const SITE_FIELDS: TFieldDef[] = [
  { name: 'name', label: 'Site name', required: true, maxLength: 120, wide: true },
  { name: 'address', label: 'Address', kind: 'address' },
  { name: 'isPrimary', label: 'Primary site', kind: 'bool' },
];
type TSite = TRecord['sitesOfActivity'][number];

function SiteDialog({ profileId, site, onClose }: { profileId: string; site: TSite | null; onClose: () => void }) {
  const save = useSaveSiteOfActivity(profileId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ defaultValues: toFormValues((site ?? {}) as Record<string, unknown>, SITE_FIELDS) });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: site?.id,
        body: toBody(v, SITE_FIELDS) as { name: string; address: studentsApi.TStudentAddressInput; isPrimary: boolean },
      });
      snack('Site of activity saved. The change is queued for SEVIS.', 'success');
      onClose();
    } catch (e) {
      setError(handleFormError(e, form.setError, knownFieldsOf(SITE_FIELDS)));
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="soa-title">
      <DialogTitle id="soa-title">{site ? `Edit ${site.name}` : 'Add a site of activity'}</DialogTitle>
      <DialogContent>
        <Box component="form" id="soa-form" noValidate onSubmit={(e) => void submit(e)} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <FieldInputs form={form} fields={SITE_FIELDS} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="soa-form" variant="contained" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An exchange visitor's sites of activity (DS-7002 plan): add, edit, deactivate; each change is a SEVIS update. */
export function SitesOfActivity({ record }: { record: TRecord }) {
  const [editing, setEditing] = useState<TSite | 'new' | null>(null);
  const [closing, setClosing] = useState<TSite | null>(null);
  const deactivate = useDeactivateSiteOfActivity(record.id);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Sites of activity
        </Typography>
        {record.canEdit ? (
          <Button startIcon={<Add />} onClick={() => setEditing('new')}>
            Add a site
          </Button>
        ) : null}
      </Box>
      <Stack spacing={1}>
        {record.sitesOfActivity.map((s) => (
          <Box
            key={s.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {s.name} {s.isPrimary ? <Chip size="small" label="Primary" sx={{ ml: 1 }} /> : null}{' '}
                {!s.isActive ? <Chip size="small" variant="outlined" label="Deactivated" sx={{ ml: 1 }} /> : null}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {addressText(s.address) || 'No address given'}
              </Typography>
            </Box>
            {record.canEdit && s.isActive ? (
              <>
                <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => (s.isPrimary ? snack(SEVIS_RULE_MSG.primarySiteDeactivate, 'error') : setClosing(s))}
                  aria-label={`Deactivate ${s.name}`}
                >
                  Deactivate
                </Button>
              </>
            ) : null}
          </Box>
        ))}
        {record.sitesOfActivity.length === 0 ? <Typography color="text.secondary">No site of activity recorded.</Typography> : null}
      </Stack>
      {editing ? <SiteDialog profileId={record.id} site={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={!!closing}
        title="Deactivate this site?"
        destructive
        busy={deactivate.isPending}
        message={`${closing?.name ?? ''} will no longer be a site of activity, and SEVIS will be told.`}
        confirmLabel="Deactivate"
        onCancel={() => setClosing(null)}
        onConfirm={() =>
          closing &&
          deactivate.mutate(closing.id, {
            onSuccess: () => {
              snack('Site deactivated.', 'success');
              setClosing(null);
            },
          })
        }
      />
    </Paper>
  );
}

const KIND_LABELS: Record<string, string> = {
  cpt: 'CPT',
  opt: 'OPT',
  stem: 'STEM OPT',
  academic_training: 'Academic training',
  on_campus: 'On-campus employment',
};

/** An approved OPT or STEM OPT is the DSO's recommendation (USCIS authorizes it): it reads as Recommended. */
const employmentStatus = (e: TRecord['employments'][number]) =>
  (e.kind === 'opt' || e.kind === 'stem') && e.status === 'approved' ? 'Recommended' : e.status;

/** Employment tab: CPT/OPT and other employment, read only here (requests change it). */
export function EmploymentTab({ record }: { record: TRecord }) {
  const { formatDate } = useFormatDates();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Employment and practical training
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Approved CPT and OPT requests add their periods here.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Employment">
          <TableHead>
            <TableRow>
              <TableCell>Kind</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Authorized</TableCell>
              <TableCell>Employer</TableCell>
              <TableCell>Employed</TableCell>
              <TableCell>Time</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.employments.map((e) => (
              <TableRow key={e.id}>
                <TableCell>
                  {KIND_LABELS[e.kind] ?? e.kind}
                  {e.optPhase ? ` (${OPT_PHASES.find((p) => p.code === e.optPhase)?.label ?? e.optPhase})` : ''}
                </TableCell>
                <TableCell>{employmentStatus(e)}</TableCell>
                <TableCell>
                  {formatDate(e.authorizedStartDate)}
                  {e.authorizedEndDate ? ` – ${formatDate(e.authorizedEndDate)}` : ''}
                </TableCell>
                <TableCell>
                  {e.employerName || '—'}
                  {e.jobTitle ? (
                    <Typography variant="caption" component="div">
                      {e.jobTitle}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {formatDate(e.startDate)}
                  {e.endDate ? ` – ${formatDate(e.endDate)}` : ''}
                </TableCell>
                <TableCell>
                  <LookupText lookup={EMPLOYMENT_TIME_LOOKUP} value={e.fullOrPartTime} />
                </TableCell>
              </TableRow>
            ))}
            {record.employments.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No employment recorded.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
