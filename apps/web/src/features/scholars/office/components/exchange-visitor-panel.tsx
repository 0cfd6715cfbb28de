import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  Link,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { canActOnSite, labelOfStatus, studentsApi, type scholarsApi, type TLookupRef } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { useGetCurrentUser } from '../../../auth';
import { FormLookupField, useLookup, useLookupText } from '../../../lookups';
import { useListCampusSites } from '../../../people';
import { FormSwitch } from '../../../../ui/form/form-switch';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useCreateCaseExchangeVisitor } from '../api/office-case';
import { DateField } from './date-field';
import { DefinitionList } from './definition-list';

type TCase = scholarsApi.TOfficeCase;
/** One of the application's dependents as the office confirms it (a J-2 of the record). */
type TDependentValues = {
  include: boolean;
  firstName: string;
  lastName: string;
  relationshipCode: '' | '01' | '02';
  birthDate: string | null;
  gender: '' | 'M' | 'F';
  birthCity: string;
  birthCountryCode: string;
  citizenshipCountryCode: string;
  permanentResidenceCountryCode: string;
  formPurpose: '' | '06' | '08';
};
const DEPENDENT_FIELDS = [
  'firstName',
  'lastName',
  'relationshipCode',
  'birthDate',
  'gender',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
  'formPurpose',
] as const;
type TValues = {
  evCategoryCode: string;
  evPositionCode: string;
  subjectFieldCode: string;
  gender: string;
  birthCity: string;
  birthCountryCode: string;
  citizenshipCountryCode: string;
  permanentResidenceCountryCode: string;
  campusSiteId: string;
  dependents: TDependentValues[];
};
const FIELDS = [
  'evCategoryCode',
  'evPositionCode',
  'subjectFieldCode',
  'gender',
  'birthCity',
  'birthCountryCode',
  'citizenshipCountryCode',
  'permanentResidenceCountryCode',
  'campusSiteId',
] as const;
const OTHER_LABELS: Record<string, string> = { siteOfActivity: 'Site of activity', campusSiteId: 'Campus site' };
/** The office's code lists these fields draw from (docs/product/lookups.md#how-forms-use-the-lists). */
const EV_CATEGORY: TLookupRef = { key: 'ev-categories' };
const EV_POSITION: TLookupRef = { key: 'ev-positions' };
/** A J-2's DS-2019 purpose, from the office's list (docs/product/lookups.md#how-forms-use-the-lists). */
const J2_PURPOSE: TLookupRef = { key: 'ev-print-reasons' };
const RELATIONSHIP: TLookupRef = { key: 'dependent-relationships' };
/** An exchange visitor's gender: the codes of the office's `genders` list for one (SEVIS Table 36: not U). */
const GENDER: TLookupRef = studentsApi.EV_GENDER_LOOKUP;
/** A stored code in the list's words, for the read views (the code itself until the list loads). */
function CodeText({ lookup, value }: { lookup: TLookupRef; value: string }) {
  return <>{useLookupText(lookup, value)}</>;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** The family the J-1 application brings (its dependents, unless the scholar said no family comes), as the server reads it. */
function applicationDependents(data: Record<string, unknown>): Array<Record<string, unknown>> {
  if (data.isHavingFamily === false || !Array.isArray(data.dependents)) return [];
  return data.dependents.map((d) => (typeof d === 'object' && d !== null ? (d as Record<string, unknown>) : {}));
}
const RELATIONSHIP_CODES: Record<string, '01' | '02'> = { spouse: '01', child: '02' };
const isCountryCode = (v: string) => /^[A-Za-z]{2}$/.test(v);

/** The case's exchange visitor record: its SEVIS ID and Create, or the form that creates it (docs/product/scholars-office.md#exchange-visitor-record). */
export function ExchangeVisitorPanel({ c }: { c: TCase }) {
  const ev = c.exchangeVisitor;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ev-title" sx={{ p: 2 }}>
      <Typography id="ev-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Exchange visitor record (SEVIS)
      </Typography>
      {ev ? (
        <>
          <DefinitionList
            items={[
              ['SEVIS ID', ev.sevisId ?? 'Not assigned yet'],
              ['SEVIS status', ev.sevisStatus],
              ['Category', <CodeText key="category" lookup={EV_CATEGORY} value={ev.evCategoryCode} />],
              [
                'SEVIS Create',
                ev.createStatus ? labelOfStatus('sevisEvent', ev.createStatus) : 'Not needed: the record came with its SEVIS ID',
              ],
              ...(ev.createMessage ? ([['SEVIS message', ev.createMessage]] as Array<[string, string]>) : []),
            ]}
          />
          <DependentsTable dependents={ev.dependents} />
          <Link component={RouterLink} to={`/isss/student-profile/${ev.profileId}`}>
            Open the exchange visitor record
          </Link>
        </>
      ) : c.canCreateExchangeVisitor ? (
        <CreateExchangeVisitorFormLoader c={c} />
      ) : (
        <Typography color="text.secondary">
          {c.processedState === 'J-1'
            ? "No exchange visitor record yet. Office staff of the case's campus site create it."
            : 'Only a case processed as J-1 has an exchange visitor record.'}
        </Typography>
      )}
    </Paper>
  );
}

/** The record's J-2 dependents and the SEVIS ID the transaction log gave each. */
function DependentsTable({ dependents }: { dependents: NonNullable<TCase['exchangeVisitor']>['dependents'] }) {
  return (
    <Box component="section" aria-labelledby="ev-dependents-title" sx={{ my: 2 }}>
      <Typography id="ev-dependents-title" variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        J-2 dependents
      </Typography>
      {dependents.length ? (
        <TableContainer>
          <Table size="small" aria-labelledby="ev-dependents-title">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Relationship</TableCell>
                <TableCell>SEVIS ID</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {dependents.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{`${d.firstName} ${d.lastName}`}</TableCell>
                  <TableCell>
                    <CodeText lookup={RELATIONSHIP} value={d.relationshipCode} />
                  </TableCell>
                  <TableCell>{d.sevisId ?? 'Not assigned yet'}</TableCell>
                  <TableCell>{d.status}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Typography color="text.secondary">No dependents on the record.</Typography>
      )}
    </Box>
  );
}

/**
 * The form, once the office's J-1 scholar categories are read: the case's category (retired or not: the case holds
 * it) proposes the program category its `ev` attribute names. A category without one (one the office added), or a
 * list that cannot be read, proposes none: the office chooses it, or the server takes it from the list.
 */
function CreateExchangeVisitorFormLoader({ c }: { c: TCase }) {
  const category = str(c.data.category) || str(c.officeData.j1Category);
  const isIt = (v: { code: string }) => v.code.toUpperCase() === category.toUpperCase();
  const offered = useLookup('scholar-categories');
  const found = offered.data?.values.find(isIt);
  // A category the list no longer offers is read once more by its code (the same query when there is nothing to keep).
  const kept = useLookup('scholar-categories', category && offered.data && !found ? [category] : []);
  if (offered.isPending || kept.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label="Loading the J-1 scholar categories" />
      </Box>
    );
  const categoryEv = (found ?? kept.data?.values.find(isIt))?.attributes.ev ?? '';
  return <CreateExchangeVisitorForm c={c} categoryEv={categoryEv} />;
}

function CreateExchangeVisitorForm({ c, categoryEv }: { c: TCase; categoryEv: string }) {
  const family = applicationDependents(c.data);
  const dependentKeys = family.flatMap((_, i) => DEPENDENT_FIELDS.map((f) => `dependents.${i}.${f}`));
  const form = useForm<TValues>({
    defaultValues: {
      // The program category the case's J-1 category is sent as, on the office's list (none: the office chooses it).
      evCategoryCode: categoryEv,
      evPositionCode: '',
      subjectFieldCode: '',
      gender: '',
      birthCity: '',
      birthCountryCode: '',
      citizenshipCountryCode: '',
      permanentResidenceCountryCode: '',
      campusSiteId: '',
      // Names, relationship and birth date as the scholar gave them (the office may correct them); the
      // family comes along with the new program: the DS-2019 purpose is 06 unless the office says otherwise.
      dependents: family.map((d) => ({
        include: true,
        firstName: str(d.firstName),
        lastName: str(d.lastName),
        relationshipCode: RELATIONSHIP_CODES[str(d.relationship)] ?? '',
        birthDate: str(d.dateOfBirth) || null,
        gender: '',
        birthCity: '',
        birthCountryCode: isCountryCode(str(d.countryOfBirth)) ? str(d.countryOfBirth).toUpperCase() : '',
        citizenshipCountryCode: '',
        permanentResidenceCountryCode: '',
        formPurpose: '06',
      })),
    },
  });
  const create = useCreateCaseExchangeVisitor(c.id);
  // A case a department started has no campus site: the record needs one the officer may add records to (the server checks again).
  const allSites = useListCampusSites(c.campusSiteId === null);
  const me = useGetCurrentUser();
  const sites = (allSites.data ?? []).filter((x) => x.isActive && canActOnSite(me.data?.staff ?? null, x.id, 'editStudent'));
  const known = [...FIELDS, ...dependentKeys];
  const [error, setError] = useState<string | null>(null);
  const [others, setOthers] = useState<string[]>([]);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    setOthers([]);
    try {
      await create.mutateAsync({
        ...v,
        campusSiteId: c.campusSiteId === null && v.campusSiteId ? Number(v.campusSiteId) : null,
        dependents: v.dependents.map((d) => ({ ...d, birthDate: d.birthDate ?? '' })),
        version: c.version,
      });
      snack('The exchange visitor record is created; its SEVIS Create waits for the next batch.', 'success');
    } catch (e) {
      setError(handleFormError(e, form.setError, known));
      if (isApiError(e))
        setOthers(
          Object.entries(e.fieldErrors ?? {})
            .filter(([k]) => !known.includes(k))
            .map(([k, m]) => `${OTHER_LABELS[k] ?? studentsApi.STUDENT_FIELD_LABELS[k] ?? k}: ${m[0] ?? ''}`),
        );
    }
  });
  const text = (name: keyof TValues, label: string, max: number, help = ' ', required = false) => (
    <Grid size={{ xs: 12, sm: 4 }}>
      <FormTextField
        control={form.control}
        name={name}
        label={label}
        required={required}
        fullWidth
        helperText={help}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    </Grid>
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Names, birth date, program dates, U.S. address, site of activity and funding come from the case. Confirm the SEVIS codes the case
        does not hold; empty fields are taken from the case.
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
          {others.map((o) => (
            <div key={o}>{o}</div>
          ))}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormLookupField
            control={form.control}
            name="evCategoryCode"
            label="Exchange visitor category"
            lookup={EV_CATEGORY}
            helperText="SEVIS Table 15"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormLookupField
            control={form.control}
            name="evPositionCode"
            label="Position code (DS-2019)"
            lookup={EV_POSITION}
            required
            helperText="SEVIS Table 28, e.g. 213"
          />
        </Grid>
        {text('subjectFieldCode', 'Subject field (CIP)', 7, 'e.g. 40.0801; empty: from the case')}
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormLookupField control={form.control} name="gender" label="Gender" lookup={GENDER} helperText="Empty: from the case" />
        </Grid>
        {text('birthCity', 'City of birth', 60)}
        {text('birthCountryCode', 'Country of birth (code)', 2, 'e.g. NO')}
        {text('citizenshipCountryCode', 'Country of citizenship (code)', 2, 'e.g. NO')}
        {text('permanentResidenceCountryCode', 'Country of permanent residence (code)', 2, 'Empty: the citizenship')}
        {c.campusSiteId === null ? (
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={form.control}
              name="campusSiteId"
              select
              label="Campus site of the record"
              required
              fullWidth
              helperText="Its SEVIS program sends the batch"
            >
              {sites.map((x) => (
                <MenuItem key={x.id} value={String(x.id)}>
                  {x.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        ) : null}
      </Grid>
      {family.length ? (
        <Box component="section" aria-labelledby="ev-family-title" sx={{ mt: 2 }}>
          <Typography id="ev-family-title" variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Family coming along (J-2)
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The dependents of the scholar&apos;s application become J-2 dependents of the record and travel with its SEVIS Create. Confirm
            their SEVIS codes; one SEVIS would refuse is marked here. Leave out only one who does not come as a J-2.
          </Typography>
          {family.map((d, i) => (
            <DependentFieldset
              key={i}
              index={i}
              control={form.control}
              title={`${str(d.firstName)} ${str(d.lastName)}`.trim() || `Dependent ${i + 1}`}
              applicationCountry={str(d.countryOfBirth)}
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Create exchange visitor record
        </Button>
      </Box>
    </Box>
  );
}

/** One dependent of the application: what the office confirms of it for SEVIS, or that it is left out. */
function DependentFieldset({
  index,
  control,
  title,
  applicationCountry,
}: {
  index: number;
  control: Control<TValues>;
  title: string;
  applicationCountry: string;
}) {
  const name = (f: (typeof DEPENDENT_FIELDS)[number]) => `dependents.${index}.${f}` as const;
  const id = `ev-dependent-${index}`;
  const included = useWatch({ control, name: `dependents.${index}.include` });
  const text = (f: (typeof DEPENDENT_FIELDS)[number], label: string, max: number, help = ' ', required = false) => (
    <Grid size={{ xs: 12, sm: 4 }}>
      <FormTextField
        control={control}
        name={name(f)}
        label={label}
        required={required}
        disabled={!included}
        fullWidth
        helperText={help}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    </Grid>
  );
  return (
    <Box component="section" aria-labelledby={id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mb: 1 }}>
      <Typography id={id} variant="h4" component="h4" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
        {`Dependent ${index + 1}: ${title}`}
      </Typography>
      <FormSwitch control={control} name={`dependents.${index}.include`} label={`Add ${title} as a J-2 dependent`} />
      {included ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Left out: not added to the record. The case&apos;s History Log says so.
        </Typography>
      )}
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        {text('firstName', 'First name', 60, ' ', true)}
        {text('lastName', 'Last name', 60, ' ', true)}
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormLookupField
            control={control}
            name={name('relationshipCode')}
            label="Relationship"
            lookup={RELATIONSHIP}
            required
            disabled={!included}
            helperText=" "
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateField control={control} name={name('birthDate')} label="Date of birth" required disabled={!included} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name={name('gender')}
            select
            label="Gender"
            required
            disabled={!included}
            fullWidth
            helperText="SEVIS Table 36"
          >
            <MenuItem value="F">Female</MenuItem>
            <MenuItem value="M">Male</MenuItem>
          </FormTextField>
        </Grid>
        {text('birthCity', 'City of birth', 60, ' ', true)}
        {text(
          'birthCountryCode',
          'Country of birth (code)',
          2,
          applicationCountry && !isCountryCode(applicationCountry) ? `The application says: ${applicationCountry}` : 'e.g. NO',
          true,
        )}
        {text('citizenshipCountryCode', 'Country of citizenship (code)', 2, 'e.g. NO', true)}
        {text('permanentResidenceCountryCode', 'Country of permanent residence (code)', 2, 'Empty: the citizenship')}
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormLookupField
            control={control}
            name={name('formPurpose')}
            label="DS-2019 purpose (SEVIS)"
            lookup={J2_PURPOSE}
            required
            disabled={!included}
            helperText=" "
          />
        </Grid>
      </Grid>
    </Box>
  );
}
