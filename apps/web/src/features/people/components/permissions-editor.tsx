import {
  Autocomplete,
  Box,
  Checkbox,
  Chip,
  Collapse,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  ASSISTANT_ACTIONS,
  SCHOLAR_AREA_ACTIONS,
  SCHOLAR_VISA_FAMILIES,
  STUDENT_MENU_ITEMS,
  type TAssistantFlags,
  type TCampusSite,
  type TStaffPermissions,
  textOf,
} from '@meridian/domain';
import { FormSwitch } from '../../../ui/form/form-switch';
import { useListDepartments } from '../api/list-departments';
import { ALL_SITES, SiteMultiSelect } from './site-multi-select';

type TForm = { permissions: TStaffPermissions };

const NO_FLAGS: TAssistantFlags = { sendemail: false, editStudent: false, processRequests: false, sevisBatch: false };

/** Field names a server error may point at (for react-hook-form setError). */
export const PERMISSION_FIELDS = [
  'permissions',
  'permissions.isSuper',
  'permissions.isOfficer',
  'permissions.officerSites',
  'permissions.isAssistant',
  'permissions.assistantSites',
  'permissions.assistantSettings',
  'permissions.websiteContent',
  'permissions.limitMenu',
  'permissions.availableMenuItems',
  'permissions.scholarArea',
] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The scholar area (docs/product/people.md#scholar-area-permission): what the person may do there, and on
 * which visa types' and departments' cases. Super users reach everything whatever is ticked here.
 */
function ScholarAreaSection({ disabled }: { disabled?: boolean | undefined }) {
  const { control, formState } = useFormContext<TForm>();
  const [isSuper, view] = useWatch({ control, name: ['permissions.isSuper', 'permissions.scholarArea.view'] });
  const departments = useListDepartments();
  const off = disabled || !!isSuper;
  const error = formState.errors.permissions?.scholarArea;
  return (
    <Section title="Scholar area">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isSuper
          ? 'A super user reaches every scholar case.'
          : 'What this person may do with scholar cases. Untick View cases to keep them out of the scholar area.'}
      </Typography>
      <Box component="fieldset" disabled={off} sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
          Scholar case actions
        </Typography>
        <FormGroup>
          {SCHOLAR_AREA_ACTIONS.map((a) => (
            <Controller
              key={a.key}
              control={control}
              name={`permissions.scholarArea.${a.key}`}
              render={({ field }) => (
                <FormControlLabel
                  label={
                    <span>
                      {a.label}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {a.help}
                      </Typography>
                    </span>
                  }
                  control={
                    <Checkbox
                      checked={!!field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      inputRef={field.ref}
                      disabled={off || (a.key !== 'view' && !view)}
                    />
                  }
                />
              )}
            />
          ))}
        </FormGroup>
      </Box>
      <Collapse in={!!view && !isSuper} unmountOnExit>
        <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
          <Controller
            control={control}
            name="permissions.scholarArea.visaTypes"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                disabled={off}
                options={[...SCHOLAR_VISA_FAMILIES]}
                value={field.value ?? []}
                onChange={(_, next) => field.onChange(next)}
                renderValue={(items, getItemProps) =>
                  items.map((v, index) => {
                    const { key, ...props } = getItemProps({ index });
                    return <Chip key={key} size="small" label={v} {...props} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Visa types"
                    margin="dense"
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? 'Leave empty for every visa type.'}
                  />
                )}
              />
            )}
          />
          <Controller
            control={control}
            name="permissions.scholarArea.departmentIds"
            render={({ field, fieldState }) => {
              const options = departments.data ?? [];
              const value = (field.value ?? []).map((id) => options.find((d) => d.id === id) ?? { id, name: 'Department' });
              return (
                <Autocomplete
                  multiple
                  disabled={off}
                  loading={departments.isPending}
                  options={options}
                  value={value}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  getOptionLabel={(d) => d.name}
                  onChange={(_, next) => field.onChange(next.map((d) => d.id))}
                  renderValue={(items, getItemProps) =>
                    items.map((d, index) => {
                      const { key, ...props } = getItemProps({ index });
                      return <Chip key={key} size="small" label={d.name} {...props} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Departments"
                      margin="dense"
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? 'Leave empty for every department.'}
                    />
                  )}
                />
              );
            }}
          />
        </Box>
      </Collapse>
      {error?.message ? <FormHelperText error>{textOf(error.message)}</FormHelperText> : null}
    </Section>
  );
}

/**
 * The staff permission profile: super user; officer for sites (empty = all);
 * assistant for sites with per-site action flags; website content; limited student menu.
 * Lives inside a react-hook-form FormProvider whose values have a `permissions` object.
 */
export function PermissionsEditor({ sites, sitesLoading, disabled }: { sites: TCampusSite[]; sitesLoading?: boolean; disabled?: boolean }) {
  const { control, setValue, getValues, formState } = useFormContext<TForm>();
  const [isOfficer, isAssistant, assistantSites, limitMenu] = useWatch({
    control,
    name: ['permissions.isOfficer', 'permissions.isAssistant', 'permissions.assistantSites', 'permissions.limitMenu'],
  });
  const errors = formState.errors.permissions;
  const siteName = (id: number) => (id === 0 ? ALL_SITES.name : (sites.find((s) => s.id === id)?.name ?? `Site ${id}`));

  const setAssistantSites = (ids: number[]) => {
    // Keep one set of action flags per chosen site, no more, no less.
    const current = getValues('permissions.assistantSettings') ?? {};
    const next: Record<string, TAssistantFlags> = {};
    for (const id of ids) next[String(id)] = current[String(id)] ?? { ...NO_FLAGS };
    setValue('permissions.assistantSites', ids, { shouldDirty: true, shouldValidate: true });
    setValue('permissions.assistantSettings', next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title="Access level">
        <FormSwitch
          control={control}
          name="permissions.isSuper"
          label="Super user"
          disabled={disabled}
          helperText="Full access to every area, site and setting."
        />
        <FormSwitch
          control={control}
          name="permissions.isOfficer"
          label="Officer"
          disabled={disabled}
          helperText="Manages students, scholars and staff of the chosen campus sites."
        />
        <Collapse in={!!isOfficer} unmountOnExit>
          <Box sx={{ pl: { sm: 6 }, pb: 1 }}>
            <Controller
              control={control}
              name="permissions.officerSites"
              render={({ field, fieldState }) => (
                <SiteMultiSelect
                  label="Officer campus sites"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  sites={sites}
                  loading={sitesLoading}
                  disabled={disabled}
                  helperText="Leave empty for all campus sites."
                  error={fieldState.error?.message}
                />
              )}
            />
          </Box>
        </Collapse>
        <FormSwitch
          control={control}
          name="permissions.isAssistant"
          label="Assistant"
          disabled={disabled}
          helperText="Works on the chosen campus sites with the actions ticked for each."
        />
        <Collapse in={!!isAssistant} unmountOnExit>
          <Box sx={{ pl: { sm: 6 }, pb: 1, display: 'grid', gap: 1 }}>
            <Controller
              control={control}
              name="permissions.assistantSites"
              render={({ fieldState }) => (
                <SiteMultiSelect
                  label="Assistant campus sites"
                  value={assistantSites ?? []}
                  onChange={setAssistantSites}
                  sites={sites}
                  includeAll
                  loading={sitesLoading}
                  disabled={disabled}
                  helperText="Choose at least one site (or all campus sites) for the student area."
                  error={fieldState.error?.message}
                />
              )}
            />
            {(assistantSites ?? []).map((siteId) => (
              <Box
                component="fieldset"
                key={siteId}
                disabled={disabled}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, m: 0 }}
              >
                <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 600 }}>
                  Actions at {siteName(siteId)}
                </Typography>
                <FormGroup row>
                  {ASSISTANT_ACTIONS.map((a) => (
                    <Controller
                      key={a.key}
                      control={control}
                      name={`permissions.assistantSettings.${String(siteId)}.${a.key}` as 'permissions.assistantSettings.0.sendemail'}
                      render={({ field }) => (
                        <FormControlLabel
                          label={a.label}
                          control={
                            <Checkbox
                              checked={!!field.value}
                              onChange={(e) => field.onChange(e.target.checked)}
                              inputRef={field.ref}
                              disabled={disabled}
                            />
                          }
                        />
                      )}
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
            {errors?.assistantSettings ? <FormHelperText error>{textOf(errors.assistantSettings.message ?? '')}</FormHelperText> : null}
          </Box>
        </Collapse>
      </Section>
      <ScholarAreaSection disabled={disabled} />
      <Section title="Content and menu">
        <FormSwitch
          control={control}
          name="permissions.websiteContent"
          label="Website content"
          disabled={disabled}
          helperText="May edit the site pages students see."
        />
        <FormSwitch
          control={control}
          name="permissions.limitMenu"
          label="Limit the student menu"
          disabled={disabled}
          helperText="Show only the student admin menu items ticked below."
        />
        <Collapse in={!!limitMenu} unmountOnExit>
          <Controller
            control={control}
            name="permissions.availableMenuItems"
            render={({ field, fieldState }) => {
              const value: string[] = field.value ?? [];
              return (
                <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, pl: { sm: 6 } }}>
                  <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
                    Student menu items shown
                  </Typography>
                  <FormGroup row>
                    {STUDENT_MENU_ITEMS.map((item) => (
                      <FormControlLabel
                        key={item.key}
                        label={item.label}
                        control={
                          <Checkbox
                            checked={value.includes(item.key)}
                            disabled={disabled}
                            onChange={(e) => field.onChange(e.target.checked ? [...value, item.key] : value.filter((k) => k !== item.key))}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
                </Box>
              );
            }}
          />
        </Collapse>
      </Section>
      {errors?.root?.message || errors?.message ? <FormHelperText error>{errors?.root?.message ?? errors?.message}</FormHelperText> : null}
    </Box>
  );
}
