import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
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
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useRemoveSevisSender, useSaveSevisSender, useListSevisSenders } from '../api/sevis-settings';

type TForm = sevisApi.TSevisSenderInput;
type TSaved = z.output<typeof sevisApi.ZSevisSenderInput>;
const FIELDS = ['campusSiteId', 'userId', 'kind', 'sevisUserId'] as const;
const EMPTY: TForm = { campusSiteId: '', userId: '', kind: 'DSO', sevisUserId: '' };
/** Refusals the form says in place: not this campus site's manager, one's own entry, a super user's entry. */
const INLINE_REFUSALS = ['NOT_SITE_MANAGER', 'OWN_SENDER_ENTRY', 'SUPER_USER_ENTRY'] as const;
const program = (kind: sevisApi.TSevisSenderKind) => (kind === 'DSO' ? 'F-1' : 'J-1');

/**
 * #/isss/sevis-permissions (super users and officers): who may send F-1 (DSO) and J-1 (ARO) batches of
 * each campus site they manage. Nobody names themselves, and a super user's entry is a super user's to
 * change (docs/product/sevis-settings.md#sevis-permissions): the page says so where it applies.
 */
export function SevisPermissionsPage() {
  useDocumentTitle('SEVIS Permissions');
  const list = useListSevisSenders();
  const save = useSaveSevisSender();
  const remove = useRemoveSevisSender();
  const [formError, setFormError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<sevisApi.TSevisSender | null>(null);
  const { control, handleSubmit, setError, reset, setValue } = useForm<TForm, unknown, TSaved>({
    resolver: zodResolver(sevisApi.ZSevisSenderInput),
    defaultValues: EMPTY,
  });
  const chosenSite = useWatch({ control, name: 'campusSiteId' });
  const siteId = typeof chosenSite === 'number' ? chosenSite : null;
  const onlySite = list.data?.sites.length === 1 ? list.data.sites[0]!.id : null;
  // One campus site to manage: it is the form's site from the start.
  useEffect(() => {
    if (onlySite !== null && siteId === null) setValue('campusSiteId', onlySite);
  }, [onlySite, siteId, setValue]);

  if (list.isPending) return <PageLoader />;
  if (!list.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const { sites, items } = list.data;
  const candidates = list.data.candidates.filter((c) => siteId !== null && c.campusSiteIds.includes(siteId));
  const blank = (): TForm => ({ ...EMPTY, campusSiteId: onlySite ?? '' });

  const onValid = (body: TSaved) => {
    setFormError(null);
    save.mutate(body, {
      onSuccess: (s) => {
        snack(`${s.name} may send ${program(s.kind)} batches of ${s.campusSiteName}.`, 'success');
        reset(blank());
      },
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS, { inlineForbiddenCodes: INLINE_REFUSALS })),
    });
  };

  return (
    <Box>
      <PageHeader
        title="SEVIS Permissions"
        subtitle="Only the staff listed here create and send SEVIS batches of a campus site: DSOs for F-1 students (sevisDSOAdmins), AROs for J-1 exchange visitors (sevisAROAdmins), each as their own SEVIS user."
      />
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3 }}
        component="form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid)(e)}
        aria-labelledby="add-sender-title"
      >
        <Typography id="add-sender-title" variant="h2" component="h2" sx={{ mb: 1 }}>
          Name a DSO or ARO
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} id="sender-rules">
          A sender signs what goes to SEVIS under their own name, so someone else names them: you cannot add or change your own entry. Only
          a super user changes or removes a super user&apos;s entry.
        </Typography>
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Controller
            control={control}
            name="campusSiteId"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Campus site"
                required
                {...field}
                onChange={(e) => {
                  field.onChange(e.target.value === '' ? '' : Number(e.target.value));
                  setValue('userId', '');
                }}
                sx={{ minWidth: 200 }}
                fullWidth={false}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'Campus sites you manage'}
              >
                {sites.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
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
                disabled={siteId === null}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  (siteId === null ? 'Choose the campus site first' : 'Staff who prepare SEVIS batches at this campus site, other than you')
                }
                slotProps={{ formHelperText: { id: 'sender-user-help' } }}
              >
                {candidates.map((c) => (
                  <MenuItem key={c.userId} value={c.userId}>
                    {c.name} ({c.email})
                  </MenuItem>
                ))}
                {siteId !== null && candidates.length === 0 ? (
                  <MenuItem value="" disabled>
                    No one else prepares SEVIS batches at this campus site
                  </MenuItem>
                ) : null}
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
      {removeError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setRemoveError(null)}>
          {removeError}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="DSOs and AROs" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Staff member</TableCell>
                <TableCell scope="col">Campus site</TableCell>
                <TableCell scope="col">Sends</TableCell>
                <TableCell scope="col">SEVIS user id</TableCell>
                <TableCell scope="col">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((s) => (
                <TableRow key={`${s.campusSiteId}-${s.userId}-${s.kind}`} hover>
                  <TableCell component="th" scope="row">
                    <Typography fontWeight={600} variant="body2">
                      {s.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {s.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{s.campusSiteName}</TableCell>
                  <TableCell>{sevisApi.SEVIS_SENDER_KIND_LABELS[s.kind]}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.sevisUserId}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      startIcon={<EditOutlined />}
                      disabled={!s.canChange}
                      onClick={() => {
                        setFormError(null);
                        reset({ campusSiteId: s.campusSiteId, userId: s.userId, kind: s.kind, sevisUserId: s.sevisUserId });
                      }}
                      aria-label={`Change the SEVIS user id of ${s.name} as ${s.kind} of ${s.campusSiteName}`}
                    >
                      Change id
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteOutline />}
                      disabled={!s.canRemove}
                      onClick={() => {
                        setRemoveError(null);
                        setRemoving(s);
                      }}
                      aria-label={`Remove ${s.name} as ${s.kind} of ${s.campusSiteName}`}
                    >
                      Remove
                    </Button>
                    {s.note ? (
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ maxWidth: 360 }}>
                        {s.note}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 4, textAlign: 'center' }}>
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
        message={
          removing ? `${removing.name} will no longer create or send ${program(removing.kind)} batches of ${removing.campusSiteName}.` : ''
        }
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { campusSiteId: removing.campusSiteId, userId: removing.userId, kind: removing.kind },
            {
              onSuccess: () => {
                snack('Permission removed.', 'success');
                setRemoving(null);
              },
              onError: (e) => {
                setRemoving(null);
                // A refusal (403) or an entry already gone (404) is said on the page; the rest as usual.
                if (isApiError(e) && (e.status === 403 || e.status === 404)) setRemoveError(e.message);
                else handleApiError(e);
              },
            },
          )
        }
      />
    </Box>
  );
}
