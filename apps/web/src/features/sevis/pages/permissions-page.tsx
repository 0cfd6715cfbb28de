import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { MSG, sevisApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useRemoveSevisSender, useSaveSevisSender, useListSevisSenders } from '../api/sevis-settings';

type TForm = sevisApi.TSevisSenderInput;
const FIELDS = ['userId', 'kind', 'sevisUserId'] as const;
const EMPTY: TForm = { userId: '', kind: 'DSO', sevisUserId: '' };

/** #/isss/sevis-permissions (super users and officers): who may send F-1 (DSO) and J-1 (ARO) batches. */
export function SevisPermissionsPage() {
  useDocumentTitle('SEVIS Permissions');
  const list = useListSevisSenders();
  const save = useSaveSevisSender();
  const remove = useRemoveSevisSender();
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<sevisApi.TSevisSender | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<TForm, unknown, TForm>({
    resolver: zodResolver(sevisApi.ZSevisSenderInput),
    defaultValues: EMPTY,
  });

  if (list.isPending) return <PageLoader />;
  if (!list.data) return <Alert severity="error">{MSG.defaultError}</Alert>;

  const onValid = (body: TForm) => {
    setFormError(null);
    save.mutate(body, {
      onSuccess: (s) => {
        snack(`${s.name} may send ${s.kind === 'DSO' ? 'F-1' : 'J-1'} batches.`, 'success');
        reset(EMPTY);
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="SEVIS Permissions"
        subtitle="Only the staff listed here create and send SEVIS batches: DSOs for F-1 students (sevisDSOAdmins), AROs for J-1 exchange visitors (sevisAROAdmins), each as their own SEVIS user."
      />
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3 }}
        component="form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid)(e)}
        aria-labelledby="add-sender-title"
      >
        <Typography id="add-sender-title" variant="h2" component="h2" sx={{ mb: 2 }}>
          Name a DSO or ARO
        </Typography>
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Controller
            control={control}
            name="userId"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Staff member"
                required
                {...field}
                sx={{ minWidth: 260, flex: '1 1 260px' }}
                fullWidth={false}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'Super users, officers and assistants who prepare batches'}
              >
                {list.data.candidates.map((c) => (
                  <MenuItem key={c.userId} value={c.userId}>
                    {c.name} ({c.email})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="kind"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Sends"
                required
                {...field}
                sx={{ minWidth: 200 }}
                fullWidth={false}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              >
                {sevisApi.SEVIS_SENDER_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {sevisApi.SEVIS_SENDER_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField
            control={control}
            name="sevisUserId"
            label="SEVIS user id"
            required
            sx={{ width: 200 }}
            fullWidth={false}
            helperText="Exactly 10 characters"
            slotProps={{ htmlInput: { maxLength: 10 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            sx={{ mt: 1 }}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="DSOs and AROs">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Staff member</TableCell>
                <TableCell scope="col">Sends</TableCell>
                <TableCell scope="col">SEVIS user id</TableCell>
                <TableCell scope="col">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((s) => (
                <TableRow key={`${s.userId}-${s.kind}`} hover>
                  <TableCell component="th" scope="row">
                    <Typography fontWeight={600} variant="body2">
                      {s.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {s.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{sevisApi.SEVIS_SENDER_KIND_LABELS[s.kind]}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.sevisUserId}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<EditOutlined />}
                      onClick={() => reset({ userId: s.userId, kind: s.kind, sevisUserId: s.sevisUserId })}
                      aria-label={`Change the SEVIS user id of ${s.name} as ${s.kind}`}
                    >
                      Change id
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteOutline />}
                      onClick={() => setRemoving(s)}
                      aria-label={`Remove ${s.name} as ${s.kind}`}
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {list.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 4, textAlign: 'center' }}>
                    No one may send batches yet: name a DSO or ARO above.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <ConfirmDialog
        open={!!removing}
        title="Remove permission"
        destructive
        busy={remove.isPending}
        message={removing ? `${removing.name} will no longer create or send ${removing.kind === 'DSO' ? 'F-1' : 'J-1'} batches.` : ''}
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { userId: removing.userId, kind: removing.kind },
            {
              onSuccess: () => {
                snack('Permission removed.', 'success');
                setRemoving(null);
              },
            },
          )
        }
      />
    </Box>
  );
}
