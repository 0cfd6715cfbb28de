import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
} from '@mui/material';
import { SCHOLAR_PHASES, SCHOLAR_STATUSES, scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import { useOfficeToday } from '../../../../app/office-today';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { handleFormError } from '../../../../ui/form/handle-form-error';
import { snack } from '../../../../ui/notify';
import { useChangeCaseStatus } from '../api/office-case';
import { phaseLabel, statusLabel } from './case-format';
import { DateField } from './date-field';

type TForm = z.input<typeof scholarsApi.ZStatusChangeInput>;
type TOut = z.output<typeof scholarsApi.ZStatusChangeInput>;
const FIELDS = ['phase', 'status', 'notes', 'changeDate', 'referenceNumber', 'referenceDate', 'changeReason', 'unlock'] as const;

/** Move a case to a phase and status: each change is a status history row; the department is told of a new phase. */
export function StatusChangeDialog({ c, onClose, unlock = false }: { c: scholarsApi.TOfficeCase; onClose: () => void; unlock?: boolean }) {
  const change = useChangeCaseStatus(c.id);
  const [formError, setFormError] = useState<string | null>(null);
  const today = useOfficeToday();
  const hasApplication = c.processedState !== '' && c.processedState !== 'Ineligible';
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(scholarsApi.ZStatusChangeInput),
    defaultValues: {
      phase: (unlock ? 'application' : c.phase) as TForm['phase'],
      status: (unlock ? 'pending' : c.status) as TForm['status'],
      notes: '',
      changeDate: today(),
      referenceNumber: '',
      referenceDate: null,
      changeReason: '',
      unlock,
      version: c.version,
    },
  });
  const onValid = (body: TOut) => {
    setFormError(null);
    change.mutate(
      { ...body, version: c.version },
      {
        onSuccess: (next) => {
          snack(
            `${c.scholar.firstName} ${c.scholar.lastName}: ${phaseLabel(next.phase)} · ${statusLabel(next.status)}${body.unlock ? '. The application is back with the scholar.' : '.'}`,
            'success',
          );
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="status-dialog-title">
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="status-dialog-title">{unlock ? 'Return the application to the scholar' : 'Change phase and status'}</DialogTitle>
        <DialogContent dividers>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="phase"
                select
                label="Phase"
                required
                fullWidth
                autoFocus
                helperText={`Now: ${phaseLabel(c.phase)}. The department is told of a new phase.`}
              >
                {SCHOLAR_PHASES.map((p) => (
                  <MenuItem key={p.code} value={p.code}>
                    {p.label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="status"
                select
                label="Status"
                required
                fullWidth
                helperText={`Now: ${statusLabel(c.status)}`}
              >
                {SCHOLAR_STATUSES.map((s) => (
                  <MenuItem key={s.code} value={s.code}>
                    {s.label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="changeDate" label="Change date" required helper="MM/DD/YYYY; today or earlier" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="changeReason"
                label="Change reason"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 500 } }}
                helperText={unlock ? 'The scholar reads this: say what to change.' : ' '}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="referenceNumber"
                label="Reference number"
                fullWidth
                helperText="e.g. a USCIS receipt number"
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <DateField control={control} name="referenceDate" label="Reference date" />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <FormTextField
                control={control}
                name="notes"
                label="Notes"
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Controller
                control={control}
                name="unlock"
                render={({ field, fieldState }) => (
                  <>
                    <FormControlLabel
                      disabled={!hasApplication}
                      control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} inputRef={field.ref} />}
                      label="Unlock the application so the scholar can change it and submit it again"
                    />
                    <FormHelperText error={!!fieldState.error}>
                      {fieldState.error?.message ??
                        (!hasApplication
                          ? 'There is no application yet: process the sponsorship request first.'
                          : c.scholar.userId
                            ? 'The scholar is told by e-mail.'
                            : 'The scholar has no portal account yet: the department invites them.')}
                    </FormHelperText>
                  </>
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            startIcon={change.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {unlock ? 'Return to the scholar' : 'Save the change'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
