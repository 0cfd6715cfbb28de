import { useState } from 'react';
import type { z } from 'zod';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { sevisApi } from '@meridian/domain';
import { FormSwitch } from '../../../ui/form/form-switch';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { snack } from '../../../ui/notify';
import { useSaveSevisSettings } from '../api/sevis-settings';

type TOut = z.output<typeof sevisApi.ZSevisSettingsInput>;
type TForm = sevisApi.TSevisSettingsInput;
const FIELDS = [
  'campusSiteId',
  'programKind',
  'orgId',
  'officialName',
  'officialSevisUserId',
  'startingBatchNumber',
  'isAutoBatch',
  'isActive',
] as const;

/** Add or change the SEVIS settings of one campus site and program kind; the same schema as the server. */
export function SettingsDialog({
  row,
  sites,
  initialSiteId = null,
  onClose,
}: {
  row: sevisApi.TSevisSettings | null;
  sites: { id: number; name: string }[];
  /** The campus site a new row starts on (the page's ?site=), when the caller may configure it. */
  initialSiteId?: number | null;
  onClose: () => void;
}) {
  const save = useSaveSevisSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(sevisApi.ZSevisSettingsInput),
    defaultValues: row
      ? {
          campusSiteId: row.campusSiteId,
          programKind: row.programKind,
          orgId: row.orgId,
          officialName: row.officialName,
          officialSevisUserId: row.officialSevisUserId,
          startingBatchNumber: row.startingBatchNumber,
          isAutoBatch: row.isAutoBatch,
          isActive: row.isActive,
        }
      : {
          campusSiteId: sites.find((s) => s.id === initialSiteId)?.id ?? sites[0]?.id,
          programKind: 'F',
          orgId: '',
          officialName: '',
          officialSevisUserId: '',
          startingBatchNumber: 1,
          isAutoBatch: false,
          isActive: true,
        },
  });
  const kind = useWatch({ control, name: 'programKind' });
  const isF = kind !== 'J';
  const siteOptions =
    row && !sites.some((s) => s.id === row.campusSiteId) ? [...sites, { id: row.campusSiteId, name: row.campusSiteName }] : sites;

  const onValid = (body: TOut) => {
    setFormError(null);
    save.mutate(
      { id: row?.id, body },
      {
        onSuccess: () => {
          snack('SEVIS settings saved.', 'success');
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="sevis-settings-dialog" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="sevis-settings-dialog">
          {row ? `SEVIS settings: ${row.campusSiteName}, ${row.programKind === 'F' ? 'F-1' : 'J-1'}` : 'Add SEVIS settings'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Controller
              control={control}
              name="campusSiteId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Campus site"
                  required
                  {...field}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  {siteOptions.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="programKind"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Program kind"
                  required
                  {...field}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  {sevisApi.SEVIS_PROGRAM_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {sevisApi.SEVIS_PROGRAM_KIND_LABELS[k]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField
              control={control}
              name="orgId"
              required
              label={isF ? 'School code' : 'Program number'}
              helperText={isF ? 'As SEVIS knows the school, e.g. BOS214F00012345' : 'As SEVIS knows the program, e.g. P-1-12345'}
              slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters' } }}
            />
            <FormTextField
              control={control}
              name="officialName"
              required
              label={isF ? 'PDSO name' : 'RO name'}
              helperText="The official who sends the nightly batches"
            />
            <FormTextField
              control={control}
              name="officialSevisUserId"
              required
              label={isF ? 'PDSO SEVIS user id' : 'RO SEVIS user id'}
              helperText="Exactly 10 characters, as in SEVIS"
              slotProps={{ htmlInput: { maxLength: 10 } }}
            />
            <FormTextField
              control={control}
              name="startingBatchNumber"
              required
              type="number"
              label="Starting batch number"
              helperText="Batch ids are 14 digits and continue from here (or from the last batch, if higher)"
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
            <FormSwitch
              control={control}
              name="isAutoBatch"
              label="Build batches automatically every night"
              helperText={`Sent as the ${isF ? 'PDSO' : 'RO'} above; the batches still need to be uploaded or sent`}
            />
            <FormSwitch control={control} name="isActive" label="Active" helperText="Inactive settings build no batches" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
