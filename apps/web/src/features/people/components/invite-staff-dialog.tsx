import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Typography } from '@mui/material';
import { EMPTY_STAFF_PERMISSIONS, peopleApi, type TInviteStaffInput } from '@meridian/domain';
import type { z } from 'zod';
import { useInviteStaff } from '../api/invite-staff';
import { useListCampusSites } from '../api/list-campus-sites';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { useConfirmDiscard } from '../../../ui/use-confirm-discard';
import { snack } from '../../../ui/notify';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { PermissionsEditor, PERMISSION_FIELDS } from './permissions-editor';

type TForm = z.input<typeof peopleApi.ZInviteStaffInput>;
const FIELDS = ['firstName', 'lastName', 'email', 'userName', ...PERMISSION_FIELDS] as const;
const EMPTY: TForm = { firstName: '', lastName: '', email: '', userName: '', permissions: { ...EMPTY_STAFF_PERMISSIONS } };

/** Invite a staff member: the server creates the account and e-mails a set-password link. */
export function InviteStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const sites = useListCampusSites(open);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TForm, unknown, TInviteStaffInput>({ resolver: zodResolver(peopleApi.ZInviteStaffInput), defaultValues: EMPTY });
  const { control, handleSubmit, setError, reset, formState } = form;

  const close = () => {
    reset(EMPTY);
    setFormError(null);
    onClose();
  };
  const { requestClose, confirm } = useConfirmDiscard(formState.isDirty, close);

  const onValid = (v: TInviteStaffInput) => {
    setFormError(null);
    invite.mutate(v, {
      onSuccess: (m) => {
        snack(`Invitation sent to ${m.email}.`, 'success');
        close();
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS, { inlineForbiddenCodes: ['CANNOT_GRANT'] })),
    });
  };

  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : requestClose} maxWidth="md" fullWidth aria-labelledby="invite-staff-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <DialogTitle id="invite-staff-title">Invite a staff member</DialogTitle>
          <DialogContent dividers>
            {open ? <UnsavedChangesGuard when={formState.isDirty && !invite.isSuccess} /> : null}
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              We will e-mail them a link to choose their password. The link is valid for 7 days.
            </Typography>
            {formError ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            ) : null}
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="firstName" label="First name" required autoFocus />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="lastName" label="Last name" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="email" label="E-mail" type="email" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField control={control} name="userName" label="User name" required helperText="Letters, digits and . _ @ -" />
              </Grid>
            </Grid>
            <Typography variant="h2" component="h2" sx={{ mt: 2, mb: 1.5 }}>
              Permissions
            </Typography>
            <PermissionsEditor sites={sites.data ?? []} sitesLoading={sites.isPending} />
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={invite.isPending}
              startIcon={invite.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Send invitation
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
      {confirm}
    </Dialog>
  );
}
