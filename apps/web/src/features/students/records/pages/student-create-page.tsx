import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useForm } from 'react-hook-form';
import { canActOnSite, type studentsApi } from '@meridian/domain';
import { useGetCurrentUser } from '../../../auth';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { UnsavedChangesGuard } from '../../../../shells/guards/unsaved-changes-guard';
import { useListCampusSites } from '../../../people';
import { useCreateStudent } from '../api/student-record';
import {
  CONTACT_FIELDS,
  EV_FIELDS,
  FOREIGN_ADDRESS_LOOKUPS,
  identityFields,
  NEW_DS2019_FIELDS,
  NEW_I20_FIELDS,
  PROGRAM_FIELDS,
  US_ADDRESS_LOOKUPS,
} from '../components/record-fields';
import { FieldInputs, knownFieldsOf, toBody, toFormValues, type TFieldDef } from '../components/record-section';

const pick = (fields: TFieldDef[], names: string[]) => names.map((n) => fields.find((f) => f.name === n)!);

/** #/isss/student/create (F-1) and #/isss/create-j1 (exchange visitor): a new record; duplicates are named on their field. */
export function StudentCreatePage({ visaType }: { visaType: 'F-1' | 'J-1' }) {
  const allSites = useListCampusSites();
  const me = useGetCurrentUser();
  // Only the active sites this staff member may add students to (the server checks again).
  const sites = { data: (allSites.data ?? []).filter((x) => x.isActive && canActOnSite(me.data?.staff ?? null, x.id, 'editStudent')) };
  const create = useCreateStudent();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Set once the record exists: the unsaved-changes guard lets go first, then the profile opens
  // (navigating while the guard still holds would be blocked, and the page would just stay).
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId) void navigate(`/isss/student-profile/${createdId}`);
  }, [createdId, navigate]);
  const title = visaType === 'J-1' ? 'New exchange visitor (J-1)' : 'New student (F-1)';
  useDocumentTitle(title);
  const sections: { title: string; fields: TFieldDef[] }[] = [
    {
      title: 'Identity',
      fields: pick(identityFields(visaType), [
        'firstName',
        'middleName',
        'lastName',
        'gender',
        'birthDate',
        'birthCity',
        'birthCountryCode',
        'citizenshipCountryCode',
      ]),
    },
    {
      title: 'Contact',
      fields: [
        { name: 'email', label: 'E-mail', required: true, maxLength: 65 },
        // SEVIS S1164: the Create carries a U.S. or a foreign phone.
        ...pick(CONTACT_FIELDS, ['phone', 'foreignPhoneCountryCode', 'foreignPhone']),
        { name: 'usAddress', label: 'US address', kind: 'address', addressLookups: US_ADDRESS_LOOKUPS },
        // SEVIS's Create needs the foreign address too: asked here so a new record can go in the next batch.
        { name: 'foreignAddress', label: 'Foreign address', kind: 'address', addressLookups: FOREIGN_ADDRESS_LOOKUPS },
      ],
    },
    {
      title: 'SEVIS and campus',
      fields: [
        {
          name: 'campusSiteId',
          label: 'Campus site',
          kind: 'select',
          required: true,
          options: (sites.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
        },
        { name: 'sevisId', label: 'SEVIS ID', maxLength: 11, helper: 'Leave empty for a new record: a SEVIS Create is queued' },
        { name: 'campusId', label: 'Campus ID', maxLength: 30 },
      ],
    },
    {
      title: 'Program',
      fields: [
        ...pick(PROGRAM_FIELDS, ['educationLevel', 'major1Code', 'programStartDate', 'programEndDate']),
        ...(visaType === 'J-1' ? EV_FIELDS : []),
      ],
    },
    // What SEVIS needs on the new I-20 / DS-2019 this record's Create asks for (they can also be filled in later on the record).
    visaType === 'J-1'
      ? { title: 'For the DS-2019: position and U.S. government funds', fields: NEW_DS2019_FIELDS }
      : { title: 'For the I-20: English proficiency and academic term', fields: NEW_I20_FIELDS },
  ];
  const all = sections.flatMap((s) => s.fields);
  const form = useForm({ defaultValues: toFormValues({ campusSiteId: sites.data.length === 1 ? sites.data[0]!.id : '' }, all) });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = toBody(v, all);
    try {
      const created = await create.mutateAsync({
        ...body,
        visaType,
        campusSiteId: body.campusSiteId ? Number(body.campusSiteId) : undefined,
      } as studentsApi.TStudentCreateInput);
      form.reset(v);
      snack(
        created.sevisId ? 'Student record created.' : 'Student record created. A SEVIS Create is queued for the next batch.',
        'success',
      );
      setCreatedId(created.id);
    } catch (e) {
      setError(handleFormError(e, form.setError, [...knownFieldsOf(all), 'visaType']));
    }
  });
  return (
    <Box>
      <UnsavedChangesGuard when={form.formState.isDirty && !createdId} />
      <Button component={RouterLink} to="/isss/students-list" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        Back to the student list
      </Button>
      <PageHeader
        title={title}
        subtitle="Fields marked * are required. A student with the same SEVIS ID, campus ID, or name and date of birth cannot be added twice."
      />
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          {sections.map((s) => (
            <Paper key={s.title} variant="outlined" sx={{ p: 2 }} component="section" aria-label={s.title}>
              <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
                {s.title}
              </Typography>
              <FieldInputs form={form} fields={s.fields} />
            </Paper>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/isss/students-list">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Create record
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
