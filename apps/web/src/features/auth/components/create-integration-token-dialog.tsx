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
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { authApi } from '@meridian/domain';
import type { z } from 'zod';
import { useCreateIntegrationToken } from '../api/integration-tokens';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { useConfirmDiscard } from '../../../ui/use-confirm-discard';
import { snack } from '../../../ui/notify';

type TForm = z.input<typeof authApi.ZCreateIntegrationTokenInput>;
const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
const EMPTY: TForm = { name: '', scopes: [], expiresInDays: 90 };

/**
 * Create an integration token (docs/product/integration-tokens.md): name, scopes, lifetime; then its
 * secret, shown this once with a copy button.
 */
export function CreateIntegrationTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateIntegrationToken();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useForm<TForm, unknown, authApi.TCreateIntegrationTokenInput>({
    resolver: zodResolver(authApi.ZCreateIntegrationTokenInput),
    defaultValues: EMPTY,
  });
  const { control, handleSubmit, setError, reset, formState } = form;

  const close = () => {
    reset(EMPTY);
    setFormError(null);
    setCreated(null);
    create.reset();
    onClose();
  };
  const { requestClose, confirm } = useConfirmDiscard(formState.isDirty && !created, close);

  const onValid = (v: authApi.TCreateIntegrationTokenInput) => {
    setFormError(null);
    create.mutate(v, {
      onSuccess: (r) => setCreated({ name: r.token.name, secret: r.secret }),
      onError: (e) => setFormError(handleFormError(e, setError, FIELDS, { inlineForbiddenCodes: ['FORBIDDEN'] })),
    });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      snack('The token was copied.', 'success');
    } catch {
      snack('Copying is not allowed here: select the token and copy it yourself.', 'warning');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : created ? undefined : requestClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="create-token-title"
    >
      {created ? (
        <>
          <DialogTitle id="create-token-title">Token "{created.name}" created</DialogTitle>
          <DialogContent dividers>
            <Alert severity="warning" sx={{ mb: 2 }}>
              Copy this token now and keep it in the campus system's secret store. It will not be shown again: if it is lost, revoke it and
              create another.
            </Alert>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label="Token"
                value={created.secret}
                fullWidth
                autoFocus
                multiline
                slotProps={{
                  htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                }}
                onFocus={(e) => e.target.select()}
              />
              <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} sx={{ mt: 1, flexShrink: 0 }}>
                Copy
              </Button>
            </Box>
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              The system sends it on each call as <code>Authorization: Bearer {authApi.INTEGRATION_TOKEN_PREFIX}…</code>. The API
              documentation at <a href="/api/docs">/api/docs</a> explains the scopes and limits.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              I have copied it
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <DialogTitle id="create-token-title">Create an integration token</DialogTitle>
          <DialogContent dividers>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              The token acts for you, within the scopes you choose: it reaches the records you reach today, and stops working if your
              account is deactivated.
            </Typography>
            {formError ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            ) : null}
            <FormTextField
              control={control}
              name="name"
              label="Name"
              required
              fullWidth
              autoFocus
              helperText="Which system uses it, e.g. SIS nightly feed"
              sx={{ mb: 2 }}
            />
            <Controller
              control={control}
              name="scopes"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={!!fieldState.error} required sx={{ mb: 2, display: 'block' }}>
                  <FormLabel component="legend">Scopes</FormLabel>
                  <FormGroup>
                    {authApi.INTEGRATION_SCOPES.map((s) => (
                      <FormControlLabel
                        key={s.key}
                        control={
                          <Checkbox
                            checked={field.value.includes(s.key)}
                            onChange={(e) =>
                              field.onChange(e.target.checked ? [...field.value, s.key] : field.value.filter((k) => k !== s.key))
                            }
                            inputRef={s.key === authApi.INTEGRATION_SCOPES[0].key ? field.ref : undefined}
                          />
                        }
                        label={
                          <span>
                            {s.label}{' '}
                            <Typography component="span" color="text.secondary" variant="body2">
                              ({s.key}
                              {s.write ? '' : ', read only'})
                            </Typography>
                          </span>
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="expiresInDays"
              render={({ field, fieldState }) => (
                <FormControl fullWidth error={!!fieldState.error}>
                  <InputLabel id="token-lifetime-label">Expires after</InputLabel>
                  <Select
                    labelId="token-lifetime-label"
                    label="Expires after"
                    value={field.value}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    inputRef={field.ref}
                  >
                    {authApi.INTEGRATION_TOKEN_LIFETIMES.map((d) => (
                      <MenuItem key={d} value={d}>
                        {d === 365 ? '1 year' : `${d} days`}
                      </MenuItem>
                    ))}
                  </Select>
                  <FormHelperText>{fieldState.error?.message ?? 'Replace the token before then; at most a year.'}</FormHelperText>
                </FormControl>
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Create token
            </Button>
          </DialogActions>
        </Box>
      )}
      {confirm}
    </Dialog>
  );
}
