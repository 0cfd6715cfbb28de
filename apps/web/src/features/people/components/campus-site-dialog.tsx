import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { peopleApi } from '@meridian/domain';
import type { z } from 'zod';
import { useCreateCampusSite, useUpdateCampusSite } from '../api/campus-sites';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { useConfirmDiscard } from '../../../ui/use-confirm-discard';
import { snack } from '../../../ui/notify';

type TForm = z.input<typeof peopleApi.ZCampusSiteInput>;
const FIELDS = ['name', 'code'] as const;

/** Add a campus site, or rename one and change its code (docs/product/people.md#campus-sites). */
export function CampusSiteDialog({ site, onClose }: { site: peopleApi.TManagedCampusSite | null; onClose: () => void }) {
  const create = useCreateCampusSite();
  const update = useUpdateCampusSite();
  const busy = create.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<TForm, unknown, peopleApi.TCampusSiteInput>({
    resolver: zodResolver(peopleApi.ZCampusSiteInput),
    defaultValues: { name: site?.name ?? '', code: site?.code ?? '' },
  });
  const { requestClose, confirm } = useConfirmDiscard(formState.isDirty, onClose);

  const onValid = (v: peopleApi.TCampusSiteInput) => {
    setFormError(null);
    const done = (saved: peopleApi.TManagedCampusSite) => {
      snack(site ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    };
    const failed = (e: unknown) => setFormError(handleFormError(e, setError, FIELDS));
    if (site) update.mutate({ siteId: site.id, body: { ...v, isActive: site.isActive } }, { onSuccess: done, onError: failed });
    else create.mutate(v, { onSuccess: done, onError: failed });
  };

  const title = site ? `Edit ${site.name}` : 'Add campus site';
  return (
    <Dialog open onClose={busy ? undefined : requestClose} maxWidth="sm" fullWidth aria-labelledby="campus-site-dialog-title">
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="campus-site-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <FormTextField control={control} name="name" label="Name" required autoFocus slotProps={{ htmlInput: { maxLength: 120 } }} />
          <FormTextField
            control={control}
            name="code"
            label="Code"
            required
            helperText="Letters, digits and hyphens, e.g. MAIN. Student uploads name the site by its code."
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {site ? 'Save' : 'Add campus site'}
          </Button>
        </DialogActions>
      </Box>
      {confirm}
    </Dialog>
  );
}
