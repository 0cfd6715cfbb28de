import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MenuItem } from '@mui/material';
import { formsApi } from '@meridian/domain';
import { FormTextField } from '../../../ui/form/form-text-field';
import { FormSwitch } from '../../../ui/form/form-switch';
import { snack } from '../../../ui/notify';
import { useListLookupSets } from '../api/list-lookup-sets';
import { useSaveCustomQuestion } from '../api/save-custom-question';
import { applyErrors, ConfigDialog, optionsFromText, optionsToText, serverErrors, zodErrors } from './config-form';

interface TForm {
  questionType: formsApi.TCustomQuestionType;
  questionText: string;
  questionInstruction: string;
  lookupSetId: string;
  optionsText: string;
  ordinal: string;
  isRequired: boolean;
  isActive: boolean;
  isHidden: boolean;
}
const FIELDS = ['questionType', 'questionText', 'questionInstruction', 'lookupSetId', 'optionsText', 'ordinal'] as const;
const RENAME = { options: 'optionsText' };

function toForm(q?: formsApi.TCustomQuestion): TForm {
  return {
    questionType: q?.questionType ?? 'TEXT',
    questionText: q?.questionText ?? '',
    questionInstruction: q?.questionInstruction ?? '',
    lookupSetId: q?.lookupSetId ?? '',
    optionsText: optionsToText(q?.options ?? []),
    ordinal: String(q?.ordinal ?? 0),
    isRequired: q?.isRequired ?? false,
    isActive: q?.isActive ?? true,
    isHidden: q?.isHidden ?? false,
  };
}

/** Create or change a management custom question. */
export function CustomQuestionDialog({ question, onClose }: { question: formsApi.TCustomQuestion | null; onClose: () => void }) {
  const save = useSaveCustomQuestion();
  const sets = useListLookupSets();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TForm>({ defaultValues: toForm(question ?? undefined) });
  const type = useWatch({ control, name: 'questionType' });
  const isSelection = type === 'S_SELECT' || type === 'M_SELECT';

  const submit = handleSubmit((f) => {
    setFormError(null);
    const body = {
      questionType: f.questionType,
      questionText: f.questionText,
      questionInstruction: f.questionInstruction,
      lookupSetId: isSelection && f.lookupSetId ? f.lookupSetId : null,
      options: isSelection && !f.lookupSetId ? optionsFromText(f.optionsText) : [],
      ordinal: Number(f.ordinal) || 0,
      isRequired: f.isRequired,
      isActive: f.isActive,
      isHidden: f.isHidden,
    };
    const parsed = formsApi.ZSaveCustomQuestionInput.safeParse(body);
    if (!parsed.success) {
      setFormError(applyErrors(zodErrors(parsed.error), setError, FIELDS, RENAME));
      return;
    }
    save.mutate(
      { id: question?.id, body },
      {
        onSuccess: () => {
          snack('Question saved.', 'success');
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
      title={question ? 'Edit question' : 'New question'}
      busy={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <FormTextField control={control} name="questionType" label="Question type" select required>
        {formsApi.CUSTOM_QUESTION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {formsApi.CUSTOM_QUESTION_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="questionText" label="Question text" required multiline />
      <FormTextField control={control} name="questionInstruction" label="Instructions" multiline helperText="Shown under the question." />
      {isSelection ? (
        <>
          <FormTextField
            control={control}
            name="lookupSetId"
            label="Options from a lookup set"
            select
            helperText="Or leave empty and type the options below."
          >
            <MenuItem value="">
              <em>None: type the options</em>
            </MenuItem>
            {(sets.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="optionsText" label="Options" multiline minRows={3} helperText="One option per line." />
        </>
      ) : null}
      <FormTextField
        control={control}
        name="ordinal"
        label="Order"
        type="number"
        helperText="Lower numbers come first."
        sx={{ maxWidth: 200 }}
      />
      <FormSwitch control={control} name="isRequired" label="Answer required" />
      <FormSwitch control={control} name="isActive" label="Active" />
      <FormSwitch control={control} name="isHidden" label="Hidden from students" />
    </ConfigDialog>
  );
}
