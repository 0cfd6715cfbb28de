import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MenuItem } from '@mui/material';
import { formsApi } from '@meridian/domain';
import { FormTextField } from '../../../ui/form/form-text-field';
import { FormSwitch } from '../../../ui/form/form-switch';
import { snack } from '../../../ui/notify';
import { useListQuestionnaires } from '../api/list-questionnaires';
import { useSaveCustomDocument } from '../api/save-custom-document';
import { applyErrors, ConfigDialog, serverErrors, zodErrors } from './config-form';

interface TForm {
  name: string;
  description: string;
  instructions: string;
  documentType: 'questionnaire' | 'file_upload';
  questionnaireId: string;
  appliesTo: 'main' | 'dependent' | 'site_of_activity';
  ordinal: string;
  isRequired: boolean;
  isHidden: boolean;
  isVisibleToStudent: boolean;
}
const FIELDS = ['name', 'description', 'instructions', 'documentType', 'questionnaireId', 'appliesTo', 'ordinal'] as const;

/** Create or change a management custom document (a file to upload or a questionnaire to fill). */
export function CustomDocumentDialog({ doc, onClose }: { doc: formsApi.TCustomDocument | null; onClose: () => void }) {
  const save = useSaveCustomDocument();
  // Questionnaires offered: the active ones of each program type (first 100 of each, by name).
  const page = { bRetired: '0', order: 'asc', page: 1, pageSize: 100 } as const;
  const lists = [
    useListQuestionnaires({ ...page, programType: 'Students' }),
    useListQuestionnaires({ ...page, programType: 'EB Scholars' }),
    useListQuestionnaires({ ...page, programType: 'J-1 Scholars' }),
  ];
  const choices = lists.flatMap((l) => l.data?.items ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TForm>({
    defaultValues: {
      name: doc?.name ?? '',
      description: doc?.description ?? '',
      instructions: doc?.instructions ?? '',
      documentType: doc?.documentType ?? 'file_upload',
      questionnaireId: doc?.questionnaireId ?? '',
      appliesTo: doc?.appliesTo ?? 'main',
      ordinal: String(doc?.ordinal ?? 0),
      isRequired: doc?.isRequired ?? false,
      isHidden: doc?.isHidden ?? false,
      isVisibleToStudent: doc?.isVisibleToStudent ?? true,
    },
  });
  const type = useWatch({ control, name: 'documentType' });

  const submit = handleSubmit((f) => {
    setFormError(null);
    const body = {
      ...f,
      questionnaireId: f.documentType === 'questionnaire' && f.questionnaireId ? f.questionnaireId : null,
      ordinal: Number(f.ordinal) || 0,
    };
    const parsed = formsApi.ZSaveCustomDocumentInput.safeParse(body);
    if (!parsed.success) {
      setFormError(applyErrors(zodErrors(parsed.error), setError, FIELDS));
      return;
    }
    save.mutate(
      { id: doc?.id, body },
      {
        onSuccess: () => {
          snack('Document saved.', 'success');
          onClose();
        },
        onError: (e) => {
          const errs = serverErrors(e);
          if (errs) setFormError(applyErrors(errs, setError, FIELDS));
        },
      },
    );
  });

  return (
    <ConfigDialog
      open
      title={doc ? 'Edit document' : 'New document'}
      busy={save.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <FormTextField control={control} name="name" label="Document name" required />
      <FormTextField control={control} name="documentType" label="Type" select required>
        <MenuItem value="file_upload">File to upload</MenuItem>
        <MenuItem value="questionnaire">Questionnaire to fill in</MenuItem>
      </FormTextField>
      {type === 'questionnaire' ? (
        <FormTextField control={control} name="questionnaireId" label="Questionnaire" select required>
          {choices.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name} ({q.programType})
            </MenuItem>
          ))}
        </FormTextField>
      ) : null}
      <FormTextField control={control} name="appliesTo" label="Needed for" select required>
        {formsApi.DOCUMENT_APPLIES_TO.map((a) => (
          <MenuItem key={a} value={a}>
            {formsApi.DOCUMENT_APPLIES_TO_LABELS[a]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="description" label="Description" multiline />
      <FormTextField
        control={control}
        name="instructions"
        label="Instructions"
        multiline
        helperText="Shown to the person providing the document."
      />
      <FormTextField
        control={control}
        name="ordinal"
        label="Order"
        type="number"
        helperText="Lower numbers come first."
        sx={{ maxWidth: 200 }}
      />
      <FormSwitch control={control} name="isRequired" label="Required before submitting" />
      <FormSwitch control={control} name="isVisibleToStudent" label="Visible to the student" />
      <FormSwitch control={control} name="isHidden" label="Hidden" />
    </ConfigDialog>
  );
}
