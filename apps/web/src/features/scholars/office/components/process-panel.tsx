import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { PROCESS_AS, scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { formatDay } from '../../../../app/office-dates';
import { useProcessSponsorship } from '../api/office-case';
import { visaLabel } from './case-format';
import { DateField } from './date-field';

type TForm = z.input<typeof scholarsApi.ZProcessSponsorshipInput>;
type TOut = z.output<typeof scholarsApi.ZProcessSponsorshipInput>;
const FIELDS = ['processAs', 'processedStartDate', 'processedEndDate', 'reason', 'notes'] as const;

/** The proposed status's nearest "process as" choice (Don't Know: none, the advisor decides). */
function suggested(proposed: string): TForm['processAs'] | undefined {
  return (PROCESS_AS as readonly string[]).includes(proposed) ? (proposed as TForm['processAs']) : undefined;
}

/** "Process as": a visa type (or a conversion of a processed case), or Ineligible with the reason the department reads. */
export function ProcessPanel({ c, onDone }: { c: scholarsApi.TOfficeCase; onDone?: (c: scholarsApi.TOfficeCase) => void }) {
  const process = useProcessSponsorship(c.id);
  const [formError, setFormError] = useState<string | null>(null);
  const converting = c.processedState !== '' && c.processedState !== 'Ineligible';
  const initialProcessAs = converting ? undefined : suggested(c.proposedStatus);
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(scholarsApi.ZProcessSponsorshipInput),
    defaultValues: {
      ...(initialProcessAs !== undefined ? { processAs: initialProcessAs } : {}),
      processedStartDate: c.processedStartDate ?? c.proposedStartDate,
      processedEndDate: c.processedEndDate ?? c.proposedEndDate,
      reason: '',
      notes: '',
      version: c.version,
    },
  });
  const processAs = useWatch({ control, name: 'processAs' });
  const ineligible = processAs === 'Ineligible';
  const who = `${c.scholar.firstName} ${c.scholar.lastName}`;
  const confirm = useConfirm();

  /** The confirmation names the scholar, the visa type, the dates and who is told (docs/product/requests.md#decisions-are-confirmed). */
  const ask = (body: TOut) => {
    const visa = visaLabel(body.processAs);
    if (body.processAs === 'Ineligible')
      return confirm.ask({
        title: 'Close as ineligible',
        message: `Close ${who}'s sponsorship request as ineligible?`,
        effects: ['The department reads your reason; the request cannot be processed afterwards.', 'The department is told.'],
        confirmLabel: 'Close as ineligible',
        destructive: true,
      });
    const dates = `${formatDay(body.processedStartDate ?? '')} to ${formatDay(body.processedEndDate ?? '')}`;
    return confirm.ask({
      title: converting ? `Convert to ${visa}` : `Process as ${visa}`,
      message: converting
        ? `Convert ${who}'s ${visaLabel(c.processedState)} case to ${visa}, ${dates}?`
        : `Process ${who}'s sponsorship request as ${visa}, ${dates}?`,
      effects: [
        converting
          ? `A new ${visa} application opens for ${who}; the ${visaLabel(c.processedState)} application request is dismissed (its files stay).`
          : `${/^[AEFHILMNORSX]/.test(visa) ? 'An' : 'A'} ${visa} application opens for ${who} to fill in.`,
        c.scholar.userId ? `${who} and the department are told.` : `The department is told; ${who} has no portal account yet.`,
      ],
      confirmLabel: converting ? `Convert to ${visa}` : `Process as ${visa}`,
    });
  };

  const onValid = async (body: TOut) => {
    setFormError(null);
    if (!(await ask(body))) return;
    process.mutate(
      { ...body, version: c.version },
      {
        onSuccess: (next) => {
          snack(
            body.processAs === 'Ineligible'
              ? `${who}: closed as ineligible; the department was told.`
              : `${who}: ${converting ? 'converted to' : 'processed as'} ${visaLabel(body.processAs)}. ${next.scholar.userId ? 'The scholar and the department were told.' : 'The department was told; the scholar has no portal account yet.'}`,
            'success',
          );
          onDone?.(next);
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="process-title" sx={{ p: 2 }}>
      <Typography id="process-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {converting ? `Convert to another visa type (now ${visaLabel(c.processedState)})` : 'Process as'}
      </Typography>
      {confirm.dialog}
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        {converting ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Converting opens a new application of the chosen type for the scholar to fill in. The {visaLabel(c.processedState)} application
            request is dismissed (its files stay on the Documents tab), and the change is kept in the status history.
          </Alert>
        ) : null}
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="processAs"
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error} required>
              <FormLabel id="process-as-label">Visa type</FormLabel>
              <RadioGroup
                aria-labelledby="process-as-label"
                {...field}
                value={field.value ?? ''}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
              >
                {PROCESS_AS.map((p) => (
                  <FormControlLabel
                    key={p}
                    value={p}
                    disabled={p === c.processedState}
                    control={<Radio />}
                    label={p === 'Ineligible' ? 'Ineligible' : visaLabel(p)}
                  />
                ))}
              </RadioGroup>
              <FormHelperText>
                {fieldState.error ? 'Choose how to process this request' : `The department proposed ${c.proposedStatus}.`}
              </FormHelperText>
            </FormControl>
          )}
        />
        <Grid container columnSpacing={2} sx={{ mt: 1 }}>
          {ineligible ? (
            <Grid size={{ xs: 12 }}>
              <FormTextField
                control={control}
                name="reason"
                label="Reason the scholar is ineligible"
                required
                multiline
                minRows={2}
                fullWidth
                helperText="The department reads this reason."
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            </Grid>
          ) : (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateField
                  control={control}
                  name="processedStartDate"
                  label="Start date"
                  required
                  helper="MM/DD/YYYY; proposed by the department"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateField
                  control={control}
                  name="processedEndDate"
                  label="End date"
                  required
                  helper="MM/DD/YYYY; proposed by the department"
                />
              </Grid>
            </>
          )}
          <Grid size={{ xs: 12 }}>
            <FormTextField
              control={control}
              name="notes"
              label="Notes for the status history"
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            color={ineligible ? 'error' : 'primary'}
            disabled={process.isPending || !processAs}
            startIcon={process.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {!processAs
              ? 'Choose a visa type'
              : ineligible
                ? 'Close as ineligible'
                : `${converting ? 'Convert to' : 'Process as'} ${visaLabel(processAs)}`}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
