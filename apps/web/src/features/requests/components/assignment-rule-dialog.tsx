import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { requestsApi, STUDENT_VISA_TYPES, type TAssignmentRule, type TAssignmentRuleInput } from '@meridian/domain';
import { FormSwitch } from '../../../ui/form/form-switch';
import { FormTextField } from '../../../ui/form/form-text-field';
import { handleFormError } from '../../../ui/form/handle-form-error';
import { snack } from '../../../ui/notify';
import { useListRuleAssignees, useSaveAssignmentRule, type TRuleBody } from '../api/assignment-rules';

const FIELDS = ['requestTypeCode', 'campusSiteId', 'visaType', 'nameFrom', 'nameTo', 'assigneeUserId', 'isActive'] as const;
/** A select's value for "any" (null in the rule): a value of its own, so the select shows its words. */
const ANY = 'any';

/** Add or change an assignment rule; the same schema as the server (docs/product/requests.md#assignment-rules). */
export function AssignmentRuleDialog({
  rule,
  types,
  sites,
  onClose,
}: {
  rule: TAssignmentRule | null;
  types: { code: string; name: string }[];
  sites: { id: number; name: string }[];
  onClose: () => void;
}) {
  const save = useSaveAssignmentRule();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TAssignmentRuleInput, unknown, TRuleBody>({
    resolver: zodResolver(requestsApi.ZAssignmentRuleInput),
    defaultValues: {
      requestTypeCode: rule?.requestTypeCode ?? null,
      campusSiteId: rule?.campusSiteId ?? null,
      visaType: rule?.visaType ?? null,
      nameFrom: rule?.nameFrom ?? null,
      nameTo: rule?.nameTo ?? null,
      assigneeUserId: rule?.assignee.userId ?? '',
      isActive: rule?.isActive ?? true,
    },
  });
  const siteId = useWatch({ control, name: 'campusSiteId' }) ?? null;
  const assignees = useListRuleAssignees(siteId);
  const people = assignees.data ?? [];
  // The rule's assignee stays listed (marked) when they no longer reach its site, so the dialog shows who it names.
  const options =
    rule && !people.some((p) => p.userId === rule.assignee.userId)
      ? [...people, { ...rule.assignee, name: `${rule.assignee.name} (cannot be assigned these requests)` }]
      : people;

  const onValid = (body: TRuleBody) => {
    setFormError(null);
    save.mutate(
      { id: rule?.id, body },
      {
        onSuccess: () => {
          snack(rule ? 'Assignment rule saved.' : 'Assignment rule added.', 'success');
          onClose();
        },
        onError: (e) => setFormError(handleFormError(e, setError, FIELDS)),
      },
    );
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="assignment-rule-dialog" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <DialogTitle id="assignment-rule-dialog">{rule ? 'Edit assignment rule' : 'Add assignment rule'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Controller
              control={control}
              name="requestTypeCode"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Request type"
                  {...field}
                  value={field.value ?? ANY}
                  onChange={(e) => field.onChange(e.target.value === ANY ? null : e.target.value)}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value={ANY}>Any request type</MenuItem>
                  {types.map((t) => (
                    <MenuItem key={t.code} value={t.code}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="campusSiteId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Campus site"
                  {...field}
                  value={field.value ?? ANY}
                  onChange={(e) => field.onChange(e.target.value === ANY ? null : Number(e.target.value))}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value={ANY}>Any campus site</MenuItem>
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
              name="visaType"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Visa type"
                  {...field}
                  value={field.value ?? ANY}
                  onChange={(e) => field.onChange(e.target.value === ANY ? null : e.target.value)}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value={ANY}>F-1 and J-1</MenuItem>
                  {STUDENT_VISA_TYPES.map((v) => (
                    <MenuItem key={v} value={v}>
                      {v}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="nameFrom"
                label="Family names from"
                helperText="First letters, e.g. A; empty: from the start"
                fullWidth
              />
              <FormTextField
                control={control}
                name="nameTo"
                label="Family names to"
                helperText="First letters, e.g. G (Garcia and Gonzalez included); empty: to the end"
                fullWidth
              />
            </Stack>
            <Controller
              control={control}
              name="assigneeUserId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  label="Assign to"
                  {...field}
                  value={assignees.isPending && !rule ? '' : field.value}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Office staff who process the requests of the campus site'}
                >
                  {options.map((p) => (
                    <MenuItem key={p.userId} value={p.userId}>
                      {p.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormSwitch control={control} name="isActive" label="Active" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? <CircularProgress size={18} aria-label="Saving" /> : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
