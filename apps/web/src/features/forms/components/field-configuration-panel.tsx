import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Chip,
  IconButton,
  ListSubheader,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  CONFIGURABLE_FORMS,
  configurableForm,
  FIELD_ROLE_LABELS,
  type formsApi,
  type TConfigurableFieldInfo,
  type TFieldRole,
} from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { useListFieldSettings, useResetFieldSetting } from '../api/field-settings';
import { DEFAULT_REQUIRED, FieldSettingDialog } from './field-setting-dialog';

const GROUPS = [...new Set(CONFIGURABLE_FORMS.map((f) => f.group))];
const FIRST_FORM = CONFIGURABLE_FORMS[0]!.key;
const editButtonId = (name: string) => `edit-field-${name}`;
/** On a phone the section column gives way to the roles and actions (the fields stay in the form's order). */
const NARROW_HIDDEN = { display: { xs: 'none', md: 'table-cell' } } as const;

function requiredText(field: TConfigurableFieldInfo, saved: formsApi.TFieldSettingRow | undefined): string {
  if (saved?.required === true) return 'Required';
  if (saved?.required === false) return 'Optional';
  const text = DEFAULT_REQUIRED[field.required];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function accessText(saved: formsApi.TFieldSettingRow | undefined, role: TFieldRole): string {
  if (saved?.hiddenFor.includes(role)) return 'Hidden';
  if (saved?.readOnlyFor.includes(role)) return 'Read-only';
  return 'Shown';
}

/**
 * The Fields tab of Field and Tag Configuration (docs/product/field-configuration.md#the-fields-tab): choose a form,
 * see its fields as the office set them, change one in a dialog or put it back as the form declares it.
 */
export function FieldConfigurationPanel() {
  useDocumentTitle('Fields');
  const [params, setParams] = useSearchParams();
  const form = configurableForm(params.get('form') ?? '') ?? configurableForm(FIRST_FORM)!;
  const list = useListFieldSettings();
  const reset = useResetFieldSetting();
  const [editing, setEditing] = useState<TConfigurableFieldInfo | null>(null);
  const [resetting, setResetting] = useState<TConfigurableFieldInfo | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const saved = new Map((list.data?.items ?? []).filter((i) => i.formKey === form.key).map((i) => [i.fieldName, i]));
  const labelOf = (f: TConfigurableFieldInfo) => saved.get(f.name)?.label ?? f.label;
  // Focus goes back to the row's Edit button once a dialog has closed (the Reset button may be gone by then).
  const focusBack = () => {
    if (returnTo) document.getElementById(editButtonId(returnTo))?.focus();
    setReturnTo(null);
  };

  return (
    <Box>
      <PageHeader
        title="Fields"
        subtitle="How the fields of the office’s forms read and who is asked for them. Choose a form, then change a field: its label and help, whether it is required, and for whom it is hidden or read-only."
      />
      <TextField
        select
        label="Form"
        value={form.key}
        onChange={(e) =>
          setParams(
            (p) => {
              p.set('form', e.target.value);
              return p;
            },
            { replace: true },
          )
        }
        sx={{ mb: 2, minWidth: { xs: '100%', sm: 420 } }}
      >
        {GROUPS.flatMap((g) => [
          <ListSubheader key={`g-${g}`}>{g}</ListSubheader>,
          ...CONFIGURABLE_FORMS.filter((f) => f.group === g).map((f) => (
            <MenuItem key={f.key} value={f.key}>
              {f.title}
            </MenuItem>
          )),
        ])}
      </TextField>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert severity="error">The field settings could not be loaded. Reload the page to try again.</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={`Fields of ${form.title}`} size="small">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Field</TableCell>
                  <TableCell scope="col" sx={NARROW_HIDDEN}>
                    Section
                  </TableCell>
                  <TableCell scope="col">Required</TableCell>
                  {form.roles.map((r) => (
                    <TableCell key={r.role} scope="col">
                      {FIELD_ROLE_LABELS[r.role]}
                    </TableCell>
                  ))}
                  <TableCell scope="col" align="right">
                    Actions
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {form.fields.map((f) => {
                  const s = saved.get(f.name);
                  const help = s?.help ?? f.help;
                  return (
                    <TableRow key={f.name}>
                      <TableCell component="th" scope="row">
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {labelOf(f)}
                        </Typography>
                        {s?.label ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            The form’s label: {f.label}
                          </Typography>
                        ) : null}
                        {help ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            Help: {help}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={NARROW_HIDDEN}>{f.section}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          {requiredText(f, s)}
                          {f.lock.required ? (
                            <Chip
                              size="small"
                              variant="outlined"
                              icon={<LockOutlined aria-hidden />}
                              label={f.lock.required === 'sevis' ? 'SEVIS needs it' : 'The record needs it'}
                            />
                          ) : null}
                        </Box>
                      </TableCell>
                      {form.roles.map((r) => (
                        <TableCell key={r.role}>{accessText(s, r.role)}</TableCell>
                      ))}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="Edit">
                          <IconButton
                            id={editButtonId(f.name)}
                            size="small"
                            aria-label={`Edit ${labelOf(f)}`}
                            onClick={() => {
                              setReturnTo(f.name);
                              setEditing(f);
                            }}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        {s ? (
                          <Tooltip title="Reset to the form’s own">
                            <IconButton
                              size="small"
                              aria-label={`Reset ${labelOf(f)}`}
                              onClick={() => {
                                reset.reset();
                                setReturnTo(f.name);
                                setResetting(f);
                              }}
                            >
                              <RestartAlt fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {editing ? (
        <FieldSettingDialog
          key={`${form.key}.${editing.name}`}
          form={form}
          field={editing}
          saved={saved.get(editing.name) ?? null}
          onClose={() => undefined}
          onExited={() => {
            setEditing(null);
            focusBack();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!resetting}
        title={resetting ? `Reset “${labelOf(resetting)}”` : 'Reset'}
        message={
          resetting
            ? `“${labelOf(resetting)}” goes back to how the form declares it: “${resetting.label}”, ${DEFAULT_REQUIRED[resetting.required]}, shown to everyone.`
            : ''
        }
        effects={['The Logs record who reset it.']}
        confirmLabel="Reset"
        busy={reset.isPending}
        error={reset.error?.message}
        onCancel={() => setResetting(null)}
        onExited={focusBack}
        onConfirm={() =>
          resetting &&
          reset.mutate(
            { formKey: form.key, fieldName: resetting.name },
            {
              onSuccess: () => {
                snack(`${resetting.label}: back as the form declares it.`, 'success');
                setResetting(null);
              },
            },
          )
        }
      />
    </Box>
  );
}
