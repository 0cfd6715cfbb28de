import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
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
import Print from '@mui/icons-material/Print';
import { useForm } from 'react-hook-form';
import {
  MSG,
  TIPP_ANNUAL_REVENUES,
  TIPP_EXEMPT_PROGRAMS,
  TIPP_STIPEND_FREQUENCIES,
  TIPP_WORKERS_COMP_FOR_EV,
  tippParticipantIssues,
  tippPhaseDateIssues,
  tippSignatureDateIssue,
  textOf,
  type studentsApi,
} from '@meridian/domain';
import { useOfficeToday } from '../../../../app/office-today';
import { formatDay } from '../../../../app/office-dates';
import { ApiError, isApiError } from '../../../../app/http/api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { PageLoader } from '../../../../ui/page-loader';
import {
  useAddTippPhase,
  useAddTippSite,
  useGetStudentTipp,
  usePrintDs7002,
  useRemoveTippPhase,
  useRemoveTippSite,
  useSaveTippParticipant,
  useUpdateTippPhase,
  useUpdateTippSignatures,
  useUpdateTippSite,
} from '../api/student-tipp';
import { SitesOfActivity } from './record-dependents';
import { addressText } from './record-format';
import { FieldInputs, knownFieldsOf, toBody, toFormValues, type TFieldDef } from './record-section';
import { Fact, FactGrid } from './section-card';

type TRecord = studentsApi.TStudentRecord;
type TTipp = studentsApi.TTipp;
type TSite = studentsApi.TTippSite;
type TPhase = studentsApi.TTippPhase;
type TBody = Record<string, unknown>;

const YES_NO = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];
const optionsOf = (list: readonly { code: string; label: string }[]) => list.map((o) => ({ value: o.code, label: o.label }));
const labelOf = (list: readonly { code: string; label: string }[], code: string) => list.find((o) => o.code === code)?.label ?? code;

/** A form in a dialog: the browser's own checks first (the server's rules), then the server's field errors on their fields. */
function TippFormDialog(p: {
  title: string;
  fields: TFieldDef[];
  initial: TBody;
  submit: (body: TBody) => Promise<unknown>;
  done: string;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** What the server would refuse, by field (the same rule functions). */
  check?: (body: TBody) => Record<string, string>;
  /** The form field of a field the server names (e.g. address.postalCode → addressPostalCode). */
  fieldOf?: (serverField: string) => string;
  note?: string;
}) {
  const form = useForm({ defaultValues: toFormValues(p.initial, p.fields) });
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const dirty = form.formState.isDirty;
  const { onDirtyChange, onClose } = p;
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  const close = () => {
    onDirtyChange(false);
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = toBody(v, p.fields);
    const issues = Object.entries(p.check?.(body) ?? {});
    if (issues.length) {
      for (const [k, message] of issues) form.setError(k, { type: 'sevis', message });
      return;
    }
    try {
      await p.submit(body);
      snack(p.done, 'success');
      close();
    } catch (e) {
      const mapped =
        isApiError(e) && e.fieldErrors && p.fieldOf
          ? new ApiError(e.status, {
              code: e.code,
              message: e.message,
              fieldErrors: Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [p.fieldOf!(k), v])),
            })
          : e;
      setError(handleFormError(mapped, form.setError, knownFieldsOf(p.fields)));
    }
  });
  const cancel = () => (form.formState.isDirty ? setAsking(true) : close());
  return (
    <Dialog open onClose={cancel} maxWidth="md" fullWidth aria-labelledby="tipp-dialog-title">
      <DialogTitle id="tipp-dialog-title">{p.title}</DialogTitle>
      <DialogContent>
        <Box component="form" id="tipp-form" noValidate onSubmit={(e) => void submit(e)} sx={{ pt: 1 }}>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <FieldInputs form={form} fields={p.fields} />
          {p.note ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {p.note}
            </Typography>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button type="submit" form="tipp-form" variant="contained" disabled={form.formState.isSubmitting}>
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

// ----- participant (EV schema 6.27 ParticipantInfo) or the exemption -----

const notExempt = (v: TBody) => !v.exemptProgram;
function participantFields(tipp: TTipp): TFieldDef[] {
  return [
    ...(tipp.canChangeExemption
      ? [
          {
            name: 'exemptProgram',
            label: 'Exempt from a T/IPP',
            kind: 'select' as const,
            options: [{ value: '', label: 'No: the exchange visitor has a T/IPP' }, ...optionsOf(TIPP_EXEMPT_PROGRAMS)],
            wide: true,
          },
        ]
      : []),
    ...(tipp.asksIwt
      ? [
          {
            name: 'isIwt',
            label: 'In the Intern Work and Travel (IWT) program',
            kind: 'yesno' as const,
            required: true,
            showWhen: notExempt,
          },
        ]
      : []),
    { name: 'email', label: 'E-mail for the DS-7002', required: true, maxLength: 254, showWhen: notExempt },
    { name: 'fieldOfStudy', label: 'Field of study or profession', required: true, maxLength: 100, showWhen: notExempt },
    {
      name: 'yearsOfExperience',
      label: 'Years of experience in the field',
      kind: 'number',
      nullable: true,
      maxLength: 2,
      showWhen: notExempt,
    },
    { name: 'typeOfDegree', label: 'Type of degree or certificate', required: true, maxLength: 100, showWhen: notExempt },
    { name: 'degreeDate', label: 'Date awarded or expected', kind: 'date', required: true, showWhen: notExempt },
  ];
}

function ParticipantCard({ record, tipp, track }: { record: TRecord; tipp: TTipp; track: (d: boolean) => void }) {
  const save = useSaveTippParticipant(record.id);
  const [editing, setEditing] = useState(false);
  const exempt = TIPP_EXEMPT_PROGRAMS.find((x) => x.code === tipp.exemptProgram);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          Participant
        </Typography>
        {tipp.canEdit ? <Button onClick={() => setEditing(true)}>{tipp.exists ? 'Edit' : 'Fill in'}</Button> : null}
      </Box>
      {!tipp.exists ? (
        <Typography color="text.secondary">No T/IPP recorded yet: fill in the participant, then add the placement sites.</Typography>
      ) : exempt ? (
        <Typography>{exempt.label}. SEVIS takes no T/IPP sites or phases for this exchange visitor.</Typography>
      ) : (
        <FactGrid>
          <Fact label="E-mail for the DS-7002" value={tipp.email} />
          <Fact label="Field of study or profession" value={tipp.fieldOfStudy} />
          <Fact label="Years of experience" value={tipp.yearsOfExperience ?? ''} />
          <Fact label="Type of degree or certificate" value={tipp.typeOfDegree} />
          <Fact label="Date awarded or expected" value={formatDay(tipp.degreeDate)} />
          {tipp.asksIwt ? <Fact label="In IWT" value={tipp.isIwt === null ? 'Not answered' : tipp.isIwt ? 'Yes' : 'No'} /> : null}
        </FactGrid>
      )}
      {editing ? (
        <TippFormDialog
          title="T/IPP participant"
          fields={participantFields(tipp)}
          initial={{ ...tipp, email: tipp.exists ? tipp.email : record.email }}
          done="Participant saved."
          onClose={() => setEditing(false)}
          onDirtyChange={track}
          note={
            tipp.canChangeExemption
              ? 'IWT is for an intern who is a citizen of Ireland; Korea WEST keeps sites of activity instead of a T/IPP. The exemption goes to SEVIS with the new record only.'
              : 'SEVIS already has (or is creating) this exchange visitor: a change of the participant is sent as a T/IPP update; the exemption is changed in SEVIS RTI.'
          }
          check={(b) =>
            tippParticipantIssues({
              evCategoryCode: record.evCategoryCode,
              citizenshipCountryCode: record.citizenshipCountryCode,
              exemptProgram: textOf(b.exemptProgram ?? tipp.exemptProgram),
              isIwt: tipp.asksIwt ? ((b.isIwt as boolean | null | undefined) ?? null) : null,
            })
          }
          submit={(b) => save.mutateAsync({ exemptProgram: tipp.exemptProgram, ...b } as studentsApi.TTippParticipantInput)}
        />
      ) : null}
    </Paper>
  );
}

// ----- sites (EV schema 6.27 TippSite) -----

const paid = (v: TBody) => v.stipend === 'Y';
const SITE_FIELDS: TFieldDef[] = [
  { name: 'name', label: 'Host organization (site name)', required: true, maxLength: 60, wide: true },
  { name: 'addressLine1', label: 'Address line 1', required: true, maxLength: 64 },
  { name: 'addressLine2', label: 'Address line 2', maxLength: 64 },
  { name: 'addressCity', label: 'City', maxLength: 60 },
  { name: 'addressState', label: 'State', maxLength: 2, helper: 'Two-letter code, e.g. MA' },
  { name: 'addressPostalCode', label: 'ZIP code', required: true, maxLength: 20, helper: '5 digits, e.g. 61820' },
  { name: 'isPrimary', label: 'Primary site', kind: 'bool' },
  { name: 'employerEin', label: 'Employer ID (EIN)', required: true, maxLength: 20, helper: '9 digits, e.g. 12-3456789' },
  { name: 'fullTimeEmployees', label: 'Full-time employees', kind: 'number', required: true, maxLength: 6 },
  { name: 'annualRevenue', label: 'Annual revenue', kind: 'select', required: true, options: optionsOf(TIPP_ANNUAL_REVENUES) },
  { name: 'websiteUrl', label: 'Website', required: true, maxLength: 250 },
  { name: 'evHoursPerWeek', label: 'Hours per week', kind: 'number', required: true, maxLength: 2 },
  { name: 'workersComp', label: "Workers' compensation", kind: 'select', required: true, options: YES_NO },
  { name: 'workersCompCarrier', label: 'Insurance carrier', maxLength: 100, showWhen: (v) => v.workersComp === 'Y' },
  {
    name: 'workersCompForEv',
    label: "Workers' compensation covers the exchange visitor",
    kind: 'select',
    required: true,
    options: optionsOf(TIPP_WORKERS_COMP_FOR_EV),
  },
  { name: 'stipend', label: 'Stipend', kind: 'select', required: true, options: YES_NO },
  { name: 'stipendAmount', label: 'Stipend amount ($)', maxLength: 10, showWhen: paid },
  { name: 'stipendFrequency', label: 'Paid per', kind: 'select', options: optionsOf(TIPP_STIPEND_FREQUENCIES), showWhen: paid },
  { name: 'nonMonetaryComp', label: 'Other compensation', maxLength: 100 },
  { name: 'supervisorFirstName', label: 'Supervisor first name', required: true, maxLength: 40 },
  { name: 'supervisorLastName', label: 'Supervisor last name', required: true, maxLength: 40 },
  { name: 'supervisorTitle', label: 'Supervisor title', required: true, maxLength: 100 },
  { name: 'supervisorPhone', label: 'Supervisor phone', required: true, maxLength: 20, helper: '10 digits, e.g. 217-555-0199' },
  { name: 'supervisorPhoneExt', label: 'Extension', maxLength: 20, helper: 'Up to 4 digits' },
  { name: 'supervisorEmail', label: 'Supervisor e-mail', required: true, maxLength: 254 },
  { name: 'supervisorFax', label: 'Supervisor fax', maxLength: 20, helper: '10 digits, e.g. 217-555-0199' },
];
const ADDRESS_PARTS = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  city: 'addressCity',
  state: 'addressState',
  postalCode: 'addressPostalCode',
} as const;
const siteForm = (s: TSite | null): TBody =>
  s
    ? { ...s, ...Object.fromEntries(Object.entries(ADDRESS_PARTS).map(([k, f]) => [f, (s.address as Record<string, string>)[k] ?? ''])) }
    : { stipend: 'N', workersComp: 'Y', workersCompForEv: 'Y' };
const siteBody = (b: TBody): studentsApi.TTippSiteInput => {
  const out: TBody = { ...b, address: Object.fromEntries(Object.entries(ADDRESS_PARTS).map(([k, f]) => [k, b[f] ?? ''])) };
  for (const f of Object.values(ADDRESS_PARTS)) delete out[f];
  return out as studentsApi.TTippSiteInput;
};
const siteFieldOf = (k: string) => {
  const m = /^address\.(\w+)$/.exec(k);
  return m ? (ADDRESS_PARTS[m[1] as keyof typeof ADDRESS_PARTS] ?? k) : k;
};

// ----- phases (EV schema 6.27 TippPhase) -----

const PHASE_FIELDS: TFieldDef[] = [
  { name: 'name', label: 'Phase name', required: true, maxLength: 100, wide: true },
  { name: 'startDate', label: 'Start', kind: 'date', required: true },
  { name: 'endDate', label: 'End', kind: 'date', required: true },
  { name: 'trainingField', label: 'Training field', required: true, maxLength: 100 },
  { name: 'supervisorFirstName', label: 'Phase supervisor first name', required: true, maxLength: 40 },
  { name: 'supervisorMiddleInitial', label: 'Middle initial', maxLength: 1 },
  { name: 'supervisorLastName', label: 'Phase supervisor last name', required: true, maxLength: 40 },
  { name: 'supervisorTitle', label: 'Supervisor title', required: true, maxLength: 100 },
  { name: 'supervisorEmail', label: 'Supervisor e-mail', required: true, maxLength: 254 },
  { name: 'supervisorPhone', label: 'Supervisor phone', required: true, maxLength: 20, helper: '10 digits, e.g. 217-555-0199' },
  { name: 'supervisorPhoneExt', label: 'Extension', maxLength: 20, helper: 'Up to 4 digits' },
  { name: 'evRole', label: "The exchange visitor's role", required: true, maxLength: 3000, multiline: true },
  { name: 'goalsAndObjectives', label: 'Goals and objectives', required: true, maxLength: 3000, multiline: true },
  {
    name: 'supervisorQualifications',
    label: 'Supervision and the supervisor’s qualifications',
    required: true,
    maxLength: 3000,
    multiline: true,
  },
  { name: 'culturalActivities', label: 'Cultural activities', required: true, maxLength: 3000, multiline: true },
  { name: 'skillsLearned', label: 'Skills to be learned', required: true, maxLength: 3000, multiline: true },
  { name: 'teachingMethod', label: 'How the skills are taught', required: true, maxLength: 3000, multiline: true },
  { name: 'competencyMeasurement', label: 'How competency is measured', required: true, maxLength: 3000, multiline: true },
  { name: 'additionalRemarks', label: 'Additional remarks', maxLength: 3000, multiline: true },
];

/** The browser's check of a phase's dates (SEVIS S2254: within the program), as the server makes it. */
const phaseCheck = (tipp: TTipp) => (b: TBody) =>
  typeof b.startDate === 'string' && typeof b.endDate === 'string'
    ? (tippPhaseDateIssues({ startDate: b.startDate, endDate: b.endDate }, tipp) as Record<string, string>)
    : {};

// ----- signature dates (EV schema 6.27 TippSignatureDates) -----

function signatureFields(site: TSite): TFieldDef[] {
  return [
    { name: 'officialUserName', label: "Program official's SEVIS user name", maxLength: 10, helper: '7 to 10 letters or digits' },
    { name: 'officialSignatureDate', label: 'Program official signed on', kind: 'date' },
    { name: 'evSignatureDate', label: 'Exchange visitor signed on', kind: 'date' },
    ...site.phases.map((ph) => ({ name: `phase_${ph.id}`, label: `Supervisor of ${ph.name} signed on`, kind: 'date' as const })),
  ];
}

type TDialog =
  | { kind: 'site'; site: TSite | null }
  | { kind: 'phase'; site: TSite; phase: TPhase | null }
  | { kind: 'signatures'; site: TSite }
  | { kind: 'remove-site'; site: TSite }
  | { kind: 'remove-phase'; phase: TPhase }
  | { kind: 'print' };

function SiteCard({ site, tipp, open }: { site: TSite; tipp: TTipp; open: (d: TDialog) => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, flex: 1 }}>
          {site.name} {site.isPrimary ? <Chip size="small" label="Primary" sx={{ ml: 1 }} /> : null}
          {site.sevisSiteId ? <Chip size="small" variant="outlined" label={`SEVIS site ${site.sevisSiteId}`} sx={{ ml: 1 }} /> : null}
        </Typography>
        {tipp.canEdit ? (
          <>
            <Button size="small" onClick={() => open({ kind: 'site', site })} aria-label={`Edit ${site.name}`}>
              Edit
            </Button>
            <Button size="small" onClick={() => open({ kind: 'signatures', site })} aria-label={`Signature dates of ${site.name}`}>
              Signature dates
            </Button>
            <Button size="small" color="error" onClick={() => open({ kind: 'remove-site', site })} aria-label={`Remove ${site.name}`}>
              Remove
            </Button>
          </>
        ) : null}
      </Box>
      <FactGrid>
        <Fact label="Address" value={addressText(site.address)} />
        <Fact label="Employer ID (EIN)" value={site.employerEin} />
        <Fact label="Full-time employees" value={site.fullTimeEmployees} />
        <Fact label="Annual revenue" value={labelOf(TIPP_ANNUAL_REVENUES, site.annualRevenue)} />
        <Fact label="Hours per week" value={site.evHoursPerWeek} />
        <Fact
          label="Stipend"
          value={
            site.stipend === 'Y'
              ? `$${site.stipendAmount} per ${labelOf(TIPP_STIPEND_FREQUENCIES, site.stipendFrequency).toLowerCase()}`
              : 'None'
          }
        />
        <Fact label="Supervisor" value={`${site.supervisorFirstName} ${site.supervisorLastName}, ${site.supervisorTitle}`} />
        <Fact
          label="Program official signed"
          value={site.officialSignatureDate ? `${formatDay(site.officialSignatureDate)} (${site.officialUserName})` : ''}
        />
        <Fact label="Exchange visitor signed" value={formatDay(site.evSignatureDate)} />
      </FactGrid>
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 2, mb: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
          Phases
        </Typography>
        {tipp.canEdit ? (
          <Button size="small" startIcon={<Add />} onClick={() => open({ kind: 'phase', site, phase: null })}>
            Add a phase
          </Button>
        ) : null}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={`Phases of ${site.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Phase</TableCell>
              <TableCell>Dates</TableCell>
              <TableCell>Training field</TableCell>
              <TableCell>Supervisor</TableCell>
              <TableCell>Supervisor signed</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {site.phases.map((ph) => (
              <TableRow key={ph.id}>
                <TableCell>{ph.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDay(ph.startDate)} – {formatDay(ph.endDate)}
                </TableCell>
                <TableCell>{ph.trainingField}</TableCell>
                <TableCell>
                  {ph.supervisorFirstName} {ph.supervisorLastName}
                </TableCell>
                <TableCell>{formatDay(ph.supervisorSignatureDate) || '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {tipp.canEdit ? (
                    <>
                      <Button size="small" onClick={() => open({ kind: 'phase', site, phase: ph })} aria-label={`Edit ${ph.name}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => open({ kind: 'remove-phase', phase: ph })}
                        aria-label={`Remove ${ph.name}`}
                      >
                        Remove
                      </Button>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {site.phases.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No phase yet: SEVIS takes a site only with at least one phase.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function PrintDialog({ record, tipp, onClose }: { record: TRecord; tipp: TTipp; onClose: () => void }) {
  const print = usePrintDs7002(record.id);
  const [siteId, setSiteId] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="print-7002-title">
      <DialogTitle id="print-7002-title">Print the DS-7002</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          SEVIS prints the DS-7002 again with the next batch; the printed form comes back with its results and is filed on the record.
        </Typography>
        <TextField select fullWidth label="Which DS-7002" value={siteId} onChange={(e) => setSiteId(e.target.value)}>
          <MenuItem value="">The whole plan</MenuItem>
          {tipp.sites
            .filter((s) => s.sevisSiteId)
            .map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name} only
              </MenuItem>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={print.isPending}
          onClick={() =>
            print.mutate(siteId || null, {
              onSuccess: () => {
                snack('The DS-7002 reprint is queued for SEVIS.', 'success');
                onClose();
              },
              onError: (e) => snack(e.message, 'error'),
            })
          }
        >
          Print DS-7002
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A trainee's or intern's Training/Internship Placement Plan (DS-7002): participant, placement sites
 * with their phases, signature dates, what SEVIS would refuse in it now, and the DS-7002 reprint.
 */
export function TippEditor({ record, track }: { record: TRecord; track: (dirty: boolean) => void }) {
  const query = useGetStudentTipp(record.id);
  const officeToday = useOfficeToday();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const addSite = useAddTippSite(record.id);
  const updateSite = useUpdateTippSite(record.id);
  const removeSite = useRemoveTippSite(record.id);
  const addPhase = useAddTippPhase(record.id);
  const updatePhase = useUpdateTippPhase(record.id);
  const removePhase = useRemoveTippPhase(record.id);
  const signatures = useUpdateTippSignatures(record.id);
  const tipp = query.data;
  if (!tipp) return query.isPending ? <PageLoader /> : <Alert severity="error">The DS-7002 could not be loaded.</Alert>;
  const close = () => setDialog(null);
  const sendsUpdates = tipp.inSevis || !tipp.canChangeExemption;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
            Training/Internship Placement Plan (T/IPP)
          </Typography>
          {tipp.canEdit ? (
            <Button
              startIcon={<Print />}
              disabled={!!tipp.printIssue}
              onClick={() => setDialog({ kind: 'print' })}
              aria-describedby={tipp.printIssue ? 'print-7002-why' : undefined}
            >
              Print DS-7002
            </Button>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {sendsUpdates
            ? 'SEVIS has this exchange visitor (or is creating it): each change is queued as a T/IPP update (SEVIS Updates on the Exchange Visitor tab).'
            : 'The plan goes to SEVIS with the new record (its Create): SEVIS creates no trainee or intern without it.'}
        </Typography>
        {tipp.printIssue && tipp.canEdit ? (
          <Typography id="print-7002-why" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Print DS-7002: {tipp.printIssue}
          </Typography>
        ) : null}
        {tipp.issues.length ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            SEVIS would refuse the plan as it stands:
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {tipp.issues.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </Paper>
      <ParticipantCard record={record} tipp={tipp} track={track} />
      {tipp.exists && !tipp.exemptProgram ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
              Placement sites
            </Typography>
            {tipp.canEdit ? (
              <Button startIcon={<Add />} onClick={() => setDialog({ kind: 'site', site: null })}>
                Add a site
              </Button>
            ) : null}
          </Box>
          {tipp.sites.map((s) => (
            <SiteCard key={s.id} site={s} tipp={tipp} open={setDialog} />
          ))}
          {tipp.sites.length === 0 ? <Typography color="text.secondary">No placement site yet.</Typography> : null}
        </>
      ) : null}

      {dialog?.kind === 'site' ? (
        <TippFormDialog
          title={dialog.site ? `Edit ${dialog.site.name}` : 'Add a placement site'}
          fields={SITE_FIELDS}
          initial={siteForm(dialog.site)}
          done={dialog.site ? 'Site saved.' : 'Site added. Add its phases next.'}
          onClose={close}
          onDirtyChange={track}
          fieldOf={siteFieldOf}
          note="The first site is the primary one; making another site primary moves the flag."
          submit={(b) =>
            dialog.site ? updateSite.mutateAsync({ siteId: dialog.site.id, body: siteBody(b) }) : addSite.mutateAsync(siteBody(b))
          }
        />
      ) : null}
      {dialog?.kind === 'phase' ? (
        <TippFormDialog
          title={dialog.phase ? `Edit ${dialog.phase.name}` : `Add a phase to ${dialog.site.name}`}
          fields={PHASE_FIELDS}
          initial={dialog.phase ?? {}}
          done="Phase saved."
          onClose={close}
          onDirtyChange={track}
          check={phaseCheck(tipp)}
          note="Together the phases of all sites must cover the whole program, from its start to its end date (SEVIS S2254)."
          submit={(b) =>
            dialog.phase
              ? updatePhase.mutateAsync({ phaseId: dialog.phase.id, body: b as studentsApi.TTippPhaseInput })
              : addPhase.mutateAsync({ siteId: dialog.site.id, body: b as studentsApi.TTippPhaseInput })
          }
        />
      ) : null}
      {dialog?.kind === 'signatures' ? (
        <TippFormDialog
          title={`Signature dates of ${dialog.site.name}`}
          fields={signatureFields(dialog.site)}
          initial={{
            ...dialog.site,
            ...Object.fromEntries(dialog.site.phases.map((ph) => [`phase_${ph.id}`, ph.supervisorSignatureDate])),
          }}
          done="Signature dates saved."
          onClose={close}
          onDirtyChange={track}
          fieldOf={(k) => {
            const m = /^phases\.(\d+)\./.exec(k);
            return m ? `phase_${dialog.site.phases[Number(m[1])]?.id ?? ''}` : k;
          }}
          check={(b) =>
            Object.fromEntries(
              Object.entries(b)
                .filter(([k]) => k.endsWith('Date') || k.startsWith('phase_'))
                .map(([k, v]) => [k, tippSignatureDateIssue(v as string | null, officeToday())])
                .filter((x): x is [string, string] => !!x[1]),
            )
          }
          submit={(b) =>
            signatures.mutateAsync({
              siteId: dialog.site.id,
              body: {
                officialUserName: textOf(b.officialUserName ?? ''),
                officialSignatureDate: (b.officialSignatureDate as string | null) ?? null,
                evSignatureDate: (b.evSignatureDate as string | null) ?? null,
                phases: dialog.site.phases.map((ph) => ({
                  phaseId: ph.id,
                  supervisorSignatureDate: (b[`phase_${ph.id}`] as string | null) ?? null,
                })),
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'print' ? <PrintDialog record={record} tipp={tipp} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'remove-site' || dialog?.kind === 'remove-phase'}
        title={dialog?.kind === 'remove-site' ? 'Remove this site?' : 'Remove this phase?'}
        destructive
        busy={removeSite.isPending || removePhase.isPending}
        message={
          dialog?.kind === 'remove-site'
            ? `${dialog.site.name} and its phases will leave the plan${sendsUpdates ? ', and SEVIS will be told' : ''}.`
            : dialog?.kind === 'remove-phase'
              ? `${dialog.phase.name} will leave the plan${sendsUpdates ? ', and SEVIS will be told' : ''}.`
              : ''
        }
        confirmLabel="Remove"
        onCancel={close}
        onConfirm={() => {
          const done = {
            onSuccess: () => {
              snack('Removed from the plan.', 'success');
              close();
            },
            onError: (e: Error) => snack(e.message, 'error'),
          };
          if (dialog?.kind === 'remove-site') removeSite.mutate(dialog.site.id, done);
          if (dialog?.kind === 'remove-phase') removePhase.mutate(dialog.phase.id, done);
        }}
      />
    </Stack>
  );
}

/** A Korea WEST trainee or intern keeps sites of activity instead of T/IPP sites (SEVIS S2251, S2255). */
export function KoreaWestSites({ record }: { record: TRecord }) {
  const query = useGetStudentTipp(record.id);
  return query.data?.exemptProgram === 'KW' ? <SitesOfActivity record={record} /> : null;
}
