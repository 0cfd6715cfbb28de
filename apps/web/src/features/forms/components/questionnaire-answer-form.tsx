import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import {
  checkCompleteness,
  formsApi,
  type TAnswers,
  type TAnswerValue,
  type TQuestionnaireForAnswering,
  type TQuestionnaireItem,
} from '@meridian/domain';
import { formatDateTyping } from '../../../ui/date-input';

export interface QuestionnaireAnswerFormProps {
  data: TQuestionnaireForAnswering;
  /** Server messages keyed by item id or `answers.<questionnaireId>.<itemId>`. */
  fieldErrors?: Record<string, string> | undefined;
  readOnly?: boolean | undefined;
  onSaveDraft: (answers: TAnswers) => Promise<void>;
  /** Every change of the typed answers (e.g. so a page can save them before submitting). */
  onAnswersChange?: ((answers: TAnswers) => void) | undefined;
  saving?: boolean | undefined;
}

/** Server keys `answers.<questionnaireId>.<itemId>` (or `answers.<itemId>`) brought down to the item id. */
function byItemId(fieldErrors: Record<string, string> | undefined, questionnaireId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldErrors ?? {})) {
    const id = k.replace(`answers.${questionnaireId}.`, '').replace(/^answers\./, '');
    out[id] = v;
  }
  return out;
}

interface ItemProps {
  item: TQuestionnaireItem;
  number: string;
  answer: TAnswerValue | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (a: TAnswerValue) => void;
  onBlur: () => void;
}

/** One question, drawn by its type with its label, required mark, instructions and message. */
function ItemField({ item, number, answer, error, readOnly, onChange, onBlur }: ItemProps) {
  const id = `q-${item.id}`;
  const label = `${number}. ${item.text}`;
  const value = answer?.value ?? null;
  const str = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const helper = error ?? (item.instructions || undefined);
  const common = { id, label, required: item.required, error: !!error, helperText: helper, disabled: readOnly, onBlur, fullWidth: true };

  switch (item.type) {
    case 'SELCT':
      return (
        <TextField {...common} select value={str} onChange={(e) => onChange({ value: e.target.value || null })}>
          <MenuItem value="">
            <em>Not answered</em>
          </MenuItem>
          {item.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'SHORT':
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      );
    case 'ESSAY':
      return <TextField {...common} multiline minRows={4} value={str} onChange={(e) => onChange({ value: e.target.value })} />;
    case 'FIELD':
      return (
        <TextField
          {...common}
          value={str}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={{ htmlInput: item.datatype === 'NUMR' ? { inputMode: 'decimal' } : {} }}
        />
      );
    case 'DATEO':
      return (
        <TextField
          {...common}
          value={str}
          placeholder="MM/DD/YYYY"
          helperText={error ?? (item.instructions || 'MM/DD/YYYY')}
          onChange={(e) => onChange({ value: formatDateTyping(e.target.value) })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
      );
    default:
      return (
        <ChoiceField
          item={item}
          label={label}
          id={id}
          value={value}
          answer={answer}
          error={error}
          readOnly={readOnly}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
  }
}

/** Radio, checkbox and yes/no questions: a fieldset whose legend is the question. */
function ChoiceField({
  item,
  label,
  id,
  value,
  answer,
  error,
  readOnly,
  onChange,
  onBlur,
}: Omit<ItemProps, 'number'> & { label: string; id: string; value: TAnswerValue['value'] }) {
  const helperId = `${id}-helper`;
  const helper = error ?? (item.instructions || null);
  const explains = (item.type === 'IFYXP' && value === formsApi.YES) || (item.type === 'IFNXP' && value === formsApi.NO);
  const explainError = error === 'Please explain your answer.' ? error : undefined;
  const legend = (
    <FormLabel component="legend" required={item.required} sx={{ color: 'text.primary', mb: 0.5 }}>
      {label}
    </FormLabel>
  );
  let control: ReactNode;
  if (item.type === 'MULTI') {
    const selected = Array.isArray(value) ? value : [];
    control = (
      <FormGroup>
        {item.options.map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                checked={selected.includes(o.value)}
                disabled={readOnly}
                onBlur={onBlur}
                onChange={(e) => onChange({ value: e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value) })}
              />
            }
          />
        ))}
      </FormGroup>
    );
  } else if (item.type === 'RATNG') {
    control = (
      <RadioGroup
        row
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange({ value: Number(e.target.value) })}
        onBlur={onBlur}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <FormControlLabel key={n} value={String(n)} label={String(n)} control={<Radio disabled={readOnly} />} />
        ))}
      </RadioGroup>
    );
  } else {
    control = (
      <RadioGroup
        row
        value={typeof value === 'string' ? value : ''}
        onBlur={onBlur}
        onChange={(e) =>
          onChange({ value: e.target.value, ...(answer?.explanation !== undefined ? { explanation: answer.explanation } : {}) })
        }
      >
        <FormControlLabel value={formsApi.YES} label="Yes" control={<Radio disabled={readOnly} />} />
        <FormControlLabel value={formsApi.NO} label="No" control={<Radio disabled={readOnly} />} />
      </RadioGroup>
    );
  }
  return (
    <FormControl component="fieldset" error={!!error && !explainError} fullWidth aria-describedby={helper ? helperId : undefined}>
      {legend}
      {control}
      {helper && !explainError ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
      {item.type === 'RATNG' ? <FormHelperText sx={{ mt: 0 }}>1 = lowest, 5 = highest</FormHelperText> : null}
      {explains ? (
        <TextField
          id={`${id}-explanation`}
          label="Please explain"
          required
          multiline
          minRows={2}
          disabled={readOnly}
          value={answer?.explanation ?? ''}
          error={!!explainError}
          helperText={explainError}
          onChange={(e) => onChange({ value, explanation: e.target.value })}
          onBlur={onBlur}
          sx={{ mt: 1 }}
        />
      ) : null}
    </FormControl>
  );
}

/**
 * Answers one questionnaire version: every item type, the completeness rules checked as the user
 * goes (messages on touched fields, all of them after a save), and 'Save draft' at any time.
 * The answers typed are the form's own state from `data.answers` on mount: refetching `data` after a
 * save does not overwrite them; give the form a new `key` to start again from the server's answers.
 */
export function QuestionnaireAnswerForm({
  data,
  fieldErrors,
  readOnly = false,
  onSaveDraft,
  onAnswersChange,
  saving = false,
}: QuestionnaireAnswerFormProps) {
  const [answers, setAnswers] = useState<TAnswers>(data.answers);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [showAll, setShowAll] = useState(false);
  const local = useMemo(() => checkCompleteness(data.content, answers), [data.content, answers]);
  const server = useMemo(() => byItemId(fieldErrors, data.questionnaireId), [fieldErrors, data.questionnaireId]);
  const open = Object.keys(local).length;

  const errorOf = (itemId: string) => (showAll || touched[itemId] ? local[itemId] : undefined) ?? server[itemId];
  const set = (itemId: string, a: TAnswerValue) =>
    setAnswers((prev) => {
      const next = { ...prev, [itemId]: a };
      onAnswersChange?.(next);
      return next;
    });

  const save = async () => {
    setShowAll(true);
    try {
      await onSaveDraft(answers);
    } catch {
      // The caller's mutation reports the failure (toast or fieldErrors); the typed answers stay on screen.
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={data.name}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {data.content.folders.length === 0 ? <Alert severity="info">This questionnaire has no questions yet.</Alert> : null}
      <Stack spacing={3}>
        {data.content.folders.map((folder, fi) => (
          <Paper
            key={folder.id}
            variant="outlined"
            component="section"
            aria-labelledby={`folder-${folder.id}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id={`folder-${folder.id}`} variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
              {folder.name}
            </Typography>
            <Stack spacing={3}>
              {folder.items.map((item, ii) => (
                <ItemField
                  key={item.id}
                  item={item}
                  number={`${fi + 1}.${ii + 1}`}
                  answer={answers[item.id]}
                  error={errorOf(item.id)}
                  readOnly={readOnly}
                  onChange={(a) => set(item.id, a)}
                  onBlur={() => setTouched((t) => ({ ...t, [item.id]: true }))}
                />
              ))}
              {folder.items.length === 0 ? <Typography color="text.secondary">No questions in this section.</Typography> : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {!readOnly ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 3 }}>
          <Button type="submit" variant="contained" startIcon={<SaveOutlined />} disabled={saving}>
            {saving ? 'Saving…' : 'Save draft'}
          </Button>
          <Typography role="status" color={open ? 'text.secondary' : 'success.main'}>
            {open === 0
              ? 'All questions are complete.'
              : `${open} question${open === 1 ? '' : 's'} still need${open === 1 ? 's' : ''} an answer or a correction. You can save a draft at any time.`}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
