import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formsApi } from '@meridian/domain';
import { FormTextField } from '../../../ui/form/form-text-field';
import { snack } from '../../../ui/notify';
import { useSaveLookupSet } from '../api/save-lookup-set';
import { applyErrors, ConfigDialog, optionsFromText, optionsToText, serverErrors, zodErrors } from './config-form';

const FIELDS = ['name', 'optionsText'] as const;
const RENAME = { options: 'optionsText' };

/** Create or change a lookup set (a named option list for selection questions). */
export function LookupSetDialog({ set, onClose }: { set: formsApi.TLookupSet | null; onClose: () => void }) {
  const save = useSaveLookupSet();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    defaultValues: { name: set?.name ?? '', optionsText: optionsToText(set?.options ?? []) },
  });
  const submit = handleSubmit((f) => {
    setFormError(null);
    const body = { name: f.name, options: optionsFromText(f.optionsText) };
    const parsed = formsApi.ZSaveLookupSetInput.safeParse(body);
    if (!parsed.success) {
      setFormError(applyErrors(zodErrors(parsed.error), setError, FIELDS, RENAME));
      return;
    }
    save.mutate(
      { id: set?.id, body },
      {
        onSuccess: () => {
          snack('Lookup set saved.', 'success');
          onClose();
        },
        onError: (e) => {
          const errs = serverErrors(e);
          if (errs) setFormError(applyErrors(errs, setError, FIELDS, RENAME));
        },
      },
    );
  });
  return (
    <ConfigDialog
      open
      title={set ? 'Edit lookup set' : 'New lookup set'}
      busy={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <FormTextField control={control} name="name" label="Name" required />
      <FormTextField
        control={control}
        name="optionsText"
        label="Options"
        required
        multiline
        minRows={4}
        helperText="One option per line. Questionnaires that use this set show the new options at once."
      />
    </ConfigDialog>
  );
}
