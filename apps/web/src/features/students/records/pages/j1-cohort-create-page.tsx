import { type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  canActOnSite,
  isTippCategory,
  J1_COHORT_COLUMNS,
  J1_COHORT_FILE_MAX_BYTES,
  J1_COHORT_MAX_PARTICIPANTS,
  J1_COHORT_PARTICIPANT_FIELDS,
  j1CohortTemplateCsv,
  type jobsApi,
  type studentsApi,
} from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { formatDay } from '../../../../app/office-dates';
import { saveBlob } from '../../../../app/http/download-file';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { FileColumnsGuide } from '../../../../ui/file-columns-guide';
import { FileDropZone } from '../../../../ui/file-drop-zone';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { PageHeader } from '../../../../ui/page-header';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useGetCurrentUser } from '../../../auth';
import { useListCampusSites } from '../../../people';
import { jobFailure, JobProgress, useActiveJobOf } from '../../../jobs';
import {
  CREATE_J1_COHORT_JOB,
  cohortFileRows,
  cohortResult,
  READ_J1_COHORT_FILE_JOB,
  readJ1CohortFile,
  useCohortJobEnded,
  useCreateJ1Cohort,
} from '../api/j1-cohort';
import { EV_FIELDS, FINANCIAL_FIELDS, NEW_DS2019_FIELDS, PROGRAM_FIELDS } from '../components/record-fields';
import { FieldInputs, type TFieldDef } from '../components/record-section';
import { CohortParticipantsTable, ShowRowLink } from '../components/j1-cohort-participants';
import {
  blankCohortForm,
  COHORT_PAGE_SIZE,
  cohortBody,
  cohortRowErrors,
  cohortRowFromFile,
  emptyCohortRow,
  errorsOnTableRows,
  isEmptyCohortRow,
  pageOfRow,
  type TCohortForm,
} from '../components/j1-cohort-form';

const byName = (fields: TFieldDef[], name: string) => fields.find((f) => f.name === name)!;

/** The program the cohort shares, with the single J-1 form's own fields (SEVIS Table 15 category, Table 28 position). */
const PROGRAM: TFieldDef[] = [
  byName(EV_FIELDS, 'evCategoryCode'),
  { ...byName(NEW_DS2019_FIELDS, 'evPositionCode'), required: true },
  { ...byName(EV_FIELDS, 'subjectFieldCode'), required: true },
  byName(PROGRAM_FIELDS, 'programStartDate'),
  byName(PROGRAM_FIELDS, 'programEndDate'),
];
/** The primary site of activity every participant's DS-2019 names (SEVIS CreateEV AddSiteOfActivity). */
const SITE: TFieldDef[] = [
  { name: 'site.name', label: 'Site of activity name', required: true, maxLength: 120, helper: 'As the DS-2019 shows it' },
  { name: 'site.address.line1', label: 'Street', required: true, maxLength: 60 },
  { name: 'site.address.line2', label: 'Address line 2', maxLength: 60 },
  { name: 'site.address.city', label: 'City', maxLength: 60 },
  { name: 'site.address.state', label: 'State', maxLength: 2, helper: 'Two letters, e.g. IL' },
  {
    name: 'site.address.postalCode',
    label: 'ZIP code',
    required: true,
    maxLength: 20,
    helper: '5 digits or ZIP+4, e.g. 61820 or 61820-1234',
  },
];
/** The DS-2019's funding (SEVIS FinancialInfo): U.S. government funds and the amounts of the record's financial support. */
const FUNDING_KEYS = ['schoolFunds', 'personalFunds', 'otherFunds'];
const FUNDING: TFieldDef[] = [
  { ...byName(NEW_DS2019_FIELDS, 'receivedUsGovtFunds'), required: true },
  ...FUNDING_KEYS.map((k) => ({
    ...byName(FINANCIAL_FIELDS, k),
    name: `financials.${k}`,
    ...(k === 'schoolFunds' ? { helper: 'Program sponsor funds, whole dollars' } : {}),
  })),
  {
    name: 'financials.otherFundsRemarks',
    label: 'Who gives the funds from other sources',
    maxLength: 60,
    helper: 'Required with funds from other sources',
  },
];
const SHARED_NAMES = ['campusSiteId', ...[...PROGRAM, ...SITE, ...FUNDING].map((f) => f.name)];

function downloadTemplate() {
  saveBlob(new Blob([`\uFEFF${j1CohortTemplateCsv()}`], { type: 'text/csv;charset=utf-8' }), 'j1-cohort-template.csv');
}

/**
 * #/isss/create-cohort-j1: a cohort of J-1 exchange visitors at once (docs/product/students-records.md#j-1-cohort).
 * What they share is entered once; the participants are typed into the table or read from a CSV / XLSX
 * file for review; the server checks every row and creates all records or none.
 */
export function J1CohortCreatePage() {
  useDocumentTitle('New J-1 cohort');
  const allSites = useListCampusSites();
  const me = useGetCurrentUser();
  // Only the active sites this staff member may add students to (the server checks again).
  const sites = (allSites.data ?? []).filter((x) => x.isActive && canActOnSite(me.data?.staff ?? null, x.id, 'editStudent'));
  const form = useForm<TCohortForm>({ defaultValues: blankCohortForm(sites.length === 1 ? String(sites[0]!.id) : '') });
  const rows = useFieldArray({ control: form.control, name: 'participants' });
  const filled = useWatch({ control: form.control, name: 'participants' }).filter((r) => !isEmptyCohortRow(r)).length;
  const create = useCreateJ1Cohort();
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [created, setCreated] = useState<studentsApi.TJ1CohortResult | null>(null);
  // The file is read and the cohort checked and created on the server as jobs; a page reloaded meanwhile finds them again.
  const jobEnded = useCohortJobEnded();
  const activeRead = useActiveJobOf(READ_J1_COHORT_FILE_JOB);
  const activeCreate = useActiveJobOf(CREATE_J1_COHORT_JOB);
  const [readStarted, setReadStarted] = useState<string | null>(null);
  const [createStarted, setCreateStarted] = useState<string | null>(null);
  const readJobId = readStarted ?? activeRead.data?.id ?? null;
  const createJobId = createStarted ?? activeCreate.data?.id ?? null;
  // What the running cohort job was sent, so its field errors land on the table rows they are about.
  const sent = useRef<{ values: TCohortForm; rowOf: number[] } | null>(null);
  const sharedForm = form as unknown as UseFormReturn<Record<string, unknown>>;
  const watchedCategory: unknown = useWatch({ control: sharedForm.control, name: 'evCategoryCode' });
  const category = typeof watchedCategory === 'string' ? watchedCategory : '';
  const campus: TFieldDef = {
    name: 'campusSiteId',
    label: 'Campus site',
    kind: 'select',
    required: true,
    options: sites.map((s) => ({ value: String(s.id), label: s.name })),
  };

  /** A refusal of the cohort: field errors on their fields and rows, the message above the form. */
  const showRefusal = (e: unknown, v: TCohortForm, rowOf: number[]) => {
    const err = isApiError(e) ? errorsOnTableRows(e, rowOf) : e;
    const known = [
      ...SHARED_NAMES,
      ...v.participants.flatMap((_r, i) => J1_COHORT_PARTICIPANT_FIELDS.map((f) => `participants.${i}.${f}`)),
    ];
    const message = handleFormError(err, form.setError, known);
    setError(isApiError(err) && err.status === 422 ? err.message : message);
    // Show the first row with a problem when the shared fields have none and it is on another page.
    const keys = Object.keys(isApiError(err) ? (err.fieldErrors ?? {}) : {});
    const firstRow = keys
      .map((k) => /^participants\.(\d+)\./.exec(k)?.[1])
      .filter((x): x is string => x !== undefined)
      .map(Number)
      .sort((a, b) => a - b)[0];
    if (firstRow !== undefined && keys.every((k) => k.startsWith('participants.'))) setPage(pageOfRow(firstRow));
  };

  const send = (checkOnly: boolean) =>
    form.handleSubmit(async (v) => {
      setError(null);
      form.clearErrors();
      const { body, rowOf } = cohortBody(v, checkOnly);
      try {
        const job = await create.mutateAsync(body);
        sent.current = { values: v, rowOf };
        setCreateStarted(job.id);
      } catch (e) {
        showRefusal(e, v, rowOf);
      }
    });

  const createEnded = (job: jobsApi.TJob) => {
    setCreateStarted(null);
    jobEnded(job);
    const was = sent.current;
    sent.current = null;
    const r = job.status === 'completed' ? cohortResult(job) : null;
    if (r?.checkOnly) {
      snack(
        `${r.checked === 1 ? 'The participant passes' : `All ${r.checked} participants pass`} the checks. Nothing was created yet.`,
        'success',
      );
    } else if (r) {
      if (was) form.reset(was.values);
      setCreated(r);
    } else if (was) showRefusal(jobFailure(job), was.values, was.rowOf);
    // A job picked up after a reload: the table it checked is gone, so only its message can be shown.
    else setError(jobFailure(job).message);
  };

  const onFile = (file: File) => {
    setFileError(null);
    setProgress(0);
    readJ1CohortFile(file, (f) => setProgress(Math.min(f, 0.99)))
      .then((job) => setReadStarted(job.id))
      .catch((e: unknown) =>
        setFileError(
          isApiError(e) ? (e.fieldErrors?.file?.join(' ') ?? e.message) : 'The upload failed; check your connection and try again.',
        ),
      )
      .finally(() => setProgress(null));
  };

  const readEnded = (job: jobsApi.TJob) => {
    setReadStarted(null);
    jobEnded(job);
    const res = job.status === 'completed' ? cohortFileRows(job) : null;
    if (!res) {
      const e = jobFailure(job);
      setFileError(e.fieldErrors?.file?.join(' ') ?? e.message);
      return;
    }
    const kept = form.getValues('participants').filter((r) => !isEmptyCohortRow(r));
    if (kept.length + res.rows.length > J1_COHORT_MAX_PARTICIPANTS) {
      setFileError(
        `The table has ${kept.length} participants and the file ${res.rows.length}: a cohort takes at most ${J1_COHORT_MAX_PARTICIPANTS}.`,
      );
      return;
    }
    rows.replace([...kept, ...res.rows.map((r) => cohortRowFromFile(r.values))]);
    form.clearErrors('participants');
    setPage(pageOfRow(kept.length));
    const n = res.rows.length;
    snack(
      `${n === 1 ? '1 participant' : `${n} participants`} read from ${res.fileName}: review them below, then create the records.`,
      'success',
    );
  };

  const removeRow = (i: number) => {
    rows.remove(i);
    const left = rows.fields.length - 1;
    if (page > 0 && page * COHORT_PAGE_SIZE >= left) setPage(page - 1);
  };

  if (created)
    return (
      <CohortCreated
        result={created}
        onAgain={() => {
          setCreated(null);
          form.reset(blankCohortForm(form.getValues('campusSiteId')));
          setPage(0);
        }}
      />
    );

  const rowErrors = cohortRowErrors(form.formState.errors);
  const busy = form.formState.isSubmitting || !!createJobId;
  const section = (title: string, children: ReactNode, description?: string) => (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: description ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );

  return (
    <Box>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <Button component={RouterLink} to="/isss/students-list" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the student list
      </Button>
      <PageHeader
        title="New J-1 cohort"
        subtitle={`Create the exchange visitor records of a group that shares one program (e.g. a semester exchange), up to ${J1_COHORT_MAX_PARTICIPANTS} at once. Enter once what they share, then the participants. Every row is checked; if one fails, nothing is created.`}
      />
      <Box component="form" noValidate onSubmit={(e) => void send(false)(e)}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          {section(
            'Program',
            <FieldInputs form={sharedForm} fields={[campus, ...PROGRAM]} />,
            'The campus site and the DS-2019 program of every participant.',
          )}
          {section(
            'Primary site of activity',
            <>
              {isTippCategory(category) ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  Trainees and interns are placed by a training plan (DS-7002) instead: SEVIS takes no site of activity for them (S2251).
                  Each record's SEVIS Create waits until its DS-7002 tab is filled in; the site below is kept on the record only.
                </Alert>
              ) : null}
              <FieldInputs form={sharedForm} fields={SITE} />
            </>,
            'Where the participants will be; SEVIS needs it on every DS-2019.',
          )}
          {section(
            'Funding on the DS-2019',
            <FieldInputs form={sharedForm} fields={FUNDING} />,
            'The same for every participant, in whole dollars for the program period.',
          )}
          {section(
            `Participants (${filled})`,
            <>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
                <Box sx={{ flex: 1 }}>
                  <FileDropZone
                    label="CSV or XLSX file of participants"
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    progress={progress}
                    disabled={!!readJobId}
                    error={fileError}
                    onFile={onFile}
                    maxBytes={J1_COHORT_FILE_MAX_BYTES}
                  />
                  {readJobId ? <JobProgress jobId={readJobId} label="Reading the file" onEnd={readEnded} /> : null}
                </Box>
                <Box sx={{ flex: 1 }}>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    Start from the template: one row per participant, the first row holds the column names; dates as MM/DD/YYYY. The file's
                    rows are added to the table for you to review; nothing is created until you create the records.
                  </Typography>
                  <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={downloadTemplate}>
                    Download template (CSV)
                  </Button>
                </Box>
              </Stack>
              <FileColumnsGuide id="cohort-columns" label="Participant columns" columns={J1_COHORT_COLUMNS} margin={{ mb: 2 }} />
              {rowErrors.length ? (
                <Alert severity="error" sx={{ mb: 2 }} aria-label="Rows to correct">
                  <Typography variant="body2" sx={{ mb: 0.5 }}>
                    {rowErrors.length === 1 ? '1 row to correct:' : `${rowErrors.length} rows to correct:`}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {rowErrors.slice(0, 20).map((r) => (
                      <li key={r.index}>
                        <ShowRowLink index={r.index} onPage={setPage} />: {r.messages.join('; ')}
                      </li>
                    ))}
                  </Box>
                  {rowErrors.length > 20 ? <Typography variant="body2">…and {rowErrors.length - 20} more rows.</Typography> : null}
                </Alert>
              ) : null}
              <CohortParticipantsTable
                form={form}
                fields={rows.fields}
                page={page}
                onPage={setPage}
                onAdd={() => {
                  rows.append(emptyCohortRow(), { shouldFocus: false });
                  setPage(pageOfRow(rows.fields.length));
                }}
                onRemove={removeRow}
              />
            </>,
            'Everyone who gets a DS-2019 in this program. A person who already has a record (same name and date of birth) cannot be added again.',
          )}
        </Stack>
        {createJobId ? <JobProgress jobId={createJobId} label="Checking the participants" onEnd={createEnded} /> : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/isss/students-list">
            Cancel
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => void send(true)()}>
            Check participants
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {filled === 1 ? 'Create 1 record' : `Create ${filled} records`}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

/** What was created: every record with a link to its profile, and where their SEVIS Creates go. */
function CohortCreated({ result, onAgain }: { result: studentsApi.TJ1CohortResult; onAgain: () => void }) {
  const n = result.records.length;
  return (
    <Box>
      <PageHeader title="J-1 cohort created" />
      <Alert severity="success" sx={{ mb: 2 }}>
        {n === 1 ? '1 exchange visitor record was created' : `${n} exchange visitor records were created`}
        {result.campusSiteName ? ` at ${result.campusSiteName}` : ''}. Each has a SEVIS Create pending: they will go in the next
        exchange-visitor batch.
      </Alert>
      <Paper variant="outlined">
        <Table size="small" aria-label="Created records">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Date of birth</TableCell>
              <TableCell>Program</TableCell>
              <TableCell>SEVIS</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.records.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Link component={RouterLink} to={`/isss/student-profile/${r.id}`}>
                    {r.lastName}, {r.firstName}
                  </Link>
                </TableCell>
                <TableCell>{r.email}</TableCell>
                <TableCell>{formatDay(r.birthDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDay(r.programStartDate)} – {formatDay(r.programEndDate)}
                </TableCell>
                <TableCell>Create pending for the next batch</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Stack direction="row" spacing={1} margin={{ mt: 2 }}>
        <Button variant="contained" onClick={onAgain}>
          Create another cohort
        </Button>
        <Button component={RouterLink} to="/isss/students-list">
          Go to the student list
        </Button>
      </Stack>
    </Box>
  );
}
