import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { peopleApi, type TStaffMember, type TStaffPermissions } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import type { z } from 'zod';
import { useUpdateStaffPermissions } from '../api/update-staff-permissions';
import { useListCampusSites } from '../api/list-campus-sites';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { useConfirmDiscard } from '../../../ui/use-confirm-discard';
import { snack } from '../../../ui/notify';
import { displayName } from '../../../ui/display-name';
import { UnsavedChangesGuard } from '../../../shells/guards/unsaved-changes-guard';
import { PermissionsEditor, PERMISSION_FIELDS } from './permissions-editor';
import { StaffHistoryTab } from './staff-history-tab';

type TForm = z.input<typeof peopleApi.ZUpdateStaffPermissionsInput>;
type TOut = { permissions: TStaffPermissions };
export type TStaffDialogTab = 'permissions' | 'history';

/** A staff member: edit permissions (when the caller may) and the History Log. */
export function StaffMemberDialog({
  member,
  initialTab,
  canEdit,
  canSeeHistory,
  onClose,
}: {
  member: TStaffMember;
  initialTab: TStaffDialogTab;
  canEdit: boolean;
  canSeeHistory: boolean;
  onClose: () => void;
}) {
  const { formatDate } = useFormatDates();
  const [tab, setTab] = useState<TStaffDialogTab>(canSeeHistory ? initialTab : 'permissions');
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateStaffPermissions();
  const sites = useListCampusSites();
  const form = useForm<TForm, unknown, TOut>({
    resolver: zodResolver(peopleApi.ZUpdateStaffPermissionsInput),
    defaultValues: { permissions: member.permissions },
  });
  const { handleSubmit, setError, reset, formState } = form;
  const { requestClose, confirm } = useConfirmDiscard(formState.isDirty, onClose);
  const name = displayName(member);

  const onValid = (v: TOut) => {
    setFormError(null);
    update.mutate(
      { userId: member.userId, permissions: v.permissions },
      {
        onSuccess: (saved) => {
          reset({ permissions: saved.permissions });
          snack(`Permissions of ${name} saved.`, 'success');
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, PERMISSION_FIELDS, { inlineForbiddenCodes: ['CANNOT_GRANT'] })),
      },
    );
  };

  return (
    <Dialog open onClose={update.isPending ? undefined : requestClose} maxWidth="md" fullWidth aria-labelledby="staff-dialog-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <DialogTitle id="staff-dialog-title">{name}</DialogTitle>
          <Box sx={{ px: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {member.userName} · {member.email} · {member.isActive ? (member.isPending ? 'Invitation pending' : 'Active') : 'Inactive'}
              {member.lastLoginAt ? ` · Last login ${formatDate(member.lastLoginAt)}` : ''}
            </Typography>
            <Tabs value={tab} onChange={(_, t: TStaffDialogTab) => setTab(t)} aria-label="Staff member sections" sx={{ mt: 1 }}>
              <Tab value="permissions" label="Permissions" id="staff-tab-permissions" aria-controls="staff-panel-permissions" />
              {canSeeHistory ? (
                <Tab value="history" label="History Log" id="staff-tab-history" aria-controls="staff-panel-history" />
              ) : null}
            </Tabs>
          </Box>
          <DialogContent dividers sx={{ minHeight: 360 }}>
            <UnsavedChangesGuard when={formState.isDirty && !update.isPending} />
            <Box role="tabpanel" id="staff-panel-permissions" aria-labelledby="staff-tab-permissions" hidden={tab !== 'permissions'}>
              {!canEdit ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  You can view these permissions but not change them: they include more than you may grant.
                </Alert>
              ) : null}
              {formError ? (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {formError}
                </Alert>
              ) : null}
              <PermissionsEditor sites={sites.data ?? []} sitesLoading={sites.isPending} disabled={!canEdit} />
            </Box>
            {canSeeHistory && tab === 'history' ? (
              <Box role="tabpanel" id="staff-panel-history" aria-labelledby="staff-tab-history">
                <StaffHistoryTab userId={member.userId} />
              </Box>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={update.isPending}>
              {canEdit ? 'Cancel' : 'Close'}
            </Button>
            {canEdit ? (
              <Button
                type="submit"
                variant="contained"
                disabled={!formState.isDirty || update.isPending}
                startIcon={update.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Save permissions
              </Button>
            ) : null}
          </DialogActions>
        </Box>
      </FormProvider>
      {confirm}
    </Dialog>
  );
}
