import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, CircularProgress, Grid, Link, MenuItem, Paper, Typography } from '@mui/material';
import { EV_CATEGORIES, SCHOLAR_CATEGORY_EV_CODES, studentsApi, type scholarsApi, type TScholarCategory } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useCreateCaseExchangeVisitor } from '../api/office-case';
import { DefinitionList } from './definition-list';

type TCase = scholarsApi.TOfficeCase;
type TValues = {
  evCategoryCode: string;
  evPositionCode: string;
  subjectFieldCode: string;
  gender: string;
  birthCity: string;
  birthCountryCode: string;
  citizenshipCountryCode: string;
  permanentResidenceCountryCode: string;
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
] as const;
/** What the SEVIS Create has come to, in the office's words. */
const CREATE_LABELS: Record<string, string> = {
  pending: 'Waiting for the next batch',
  held: 'Held back: fix the record',
  batched: 'In a batch, not sent yet',
  sent: 'Sent to SEVIS, no answer yet',
  succeeded: 'Created in SEVIS',
  failed: 'Refused by SEVIS',
  cancelled: 'Cancelled',
};
const OTHER_LABELS: Record<string, string> = { siteOfActivity: 'Site of activity', campusSiteId: 'Campus site' };
const categoryLabel = (code: string) => `${code} ${EV_CATEGORIES.find((c) => c.code === code)?.label ?? ''}`.trim();

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
              ['Category', categoryLabel(ev.evCategoryCode)],
              [
                'SEVIS Create',
                ev.createStatus ? (CREATE_LABELS[ev.createStatus] ?? ev.createStatus) : 'Not needed: the record came with its SEVIS ID',
              ],
              ...(ev.createMessage ? ([['SEVIS message', ev.createMessage]] as Array<[string, string]>) : []),
            ]}
          />
          <Link component={RouterLink} to={`/isss/student-profile/${ev.profileId}`}>
            Open the exchange visitor record
          </Link>
        </>
      ) : c.canCreateExchangeVisitor ? (
        <CreateExchangeVisitorForm c={c} />
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

function CreateExchangeVisitorForm({ c }: { c: TCase }) {
  const category = (typeof c.data.category === 'string' ? c.data.category : c.officeData.j1Category) as TScholarCategory | '';
  const form = useForm<TValues>({
    defaultValues: {
      evCategoryCode: category ? SCHOLAR_CATEGORY_EV_CODES[category] : '',
      evPositionCode: '',
      subjectFieldCode: '',
      gender: '',
      birthCity: '',
      birthCountryCode: '',
      citizenshipCountryCode: '',
      permanentResidenceCountryCode: '',
    },
  });
  const create = useCreateCaseExchangeVisitor(c.id);
  const [error, setError] = useState<string | null>(null);
  const [others, setOthers] = useState<string[]>([]);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    setOthers([]);
    try {
      await create.mutateAsync({ ...v, gender: v.gender as '' | 'M' | 'F' | 'X', version: c.version });
      snack('The exchange visitor record is created; its SEVIS Create waits for the next batch.', 'success');
    } catch (e) {
      setError(handleFormError(e, form.setError, FIELDS));
      if (isApiError(e))
        setOthers(
          Object.entries(e.fieldErrors ?? {})
            .filter(([k]) => !(FIELDS as readonly string[]).includes(k))
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
          <FormTextField
            control={form.control}
            name="evCategoryCode"
            select
            label="Exchange visitor category"
            fullWidth
            helperText="SEVIS Table 15"
          >
            {EV_CATEGORIES.map((o) => (
              <MenuItem key={o.code} value={o.code}>
                {categoryLabel(o.code)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        {text('evPositionCode', 'Position code (DS-2019)', 3, 'SEVIS Table 28, e.g. 213', true)}
        {text('subjectFieldCode', 'Subject field (CIP)', 7, 'e.g. 40.0801; empty: from the case')}
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={form.control} name="gender" select label="Gender" fullWidth helperText=" ">
            <MenuItem value="">From the case</MenuItem>
            <MenuItem value="F">Female</MenuItem>
            <MenuItem value="M">Male</MenuItem>
            <MenuItem value="X">Another gender</MenuItem>
          </FormTextField>
        </Grid>
        {text('birthCity', 'City of birth', 60)}
        {text('birthCountryCode', 'Country of birth (code)', 2, 'e.g. NO')}
        {text('citizenshipCountryCode', 'Country of citizenship (code)', 2, 'e.g. NO')}
        {text('permanentResidenceCountryCode', 'Country of permanent residence (code)', 2, 'Empty: the citizenship')}
      </Grid>
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
