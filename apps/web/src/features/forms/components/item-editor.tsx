import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Close from '@mui/icons-material/Close';
import { formsApi, type TQuestionnaireItem } from '@meridian/domain';

export interface ItemEditorProps {
  item: TQuestionnaireItem;
  number: string;
  isFirst: boolean;
  isLast: boolean;
  /** Messages for this item keyed by field (text, options, lookupSetId, ...). */
  errors: Record<string, string | undefined>;
  lookupSets: formsApi.TLookupSet[];
  /** Questionnaires marked conditional that an answer may bring in. */
  conditionals: { id: string; name: string }[];
  readOnly: boolean;
  onChange: (patch: Partial<TQuestionnaireItem>) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

/** One question in the builder: wording, instructions, required, datatype and options by type. */
export function ItemEditor({
  item,
  number,
  isFirst,
  isLast,
  errors,
  lookupSets,
  conditionals,
  readOnly,
  onChange,
  onMove,
  onDelete,
}: ItemEditorProps) {
  const hasOptions = formsApi.OPTION_TYPES.includes(item.type);
  const fromSet = item.lookupSetId !== null;
  const setOption = (i: number, label: string) =>
    onChange({ options: item.options.map((o, j) => (j === i ? { value: label.trim() || o.value, label } : o)) });
  const label = `question ${number}`;

  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }} aria-label={`Question ${number}`} component="fieldset">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography component="legend" sx={{ fontWeight: 600, float: 'left' }}>
          Question {number}
        </Typography>
        <Chip size="small" label={formsApi.ITEM_TYPE_LABELS[item.type]} variant="outlined" />
        <Box sx={{ flex: 1 }} />
        {!readOnly ? (
          <>
            <Tooltip title="Move up">
              <span>
                <IconButton size="small" aria-label={`Move ${label} up`} disabled={isFirst} onClick={() => onMove(-1)}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton size="small" aria-label={`Move ${label} down`} disabled={isLast} onClick={() => onMove(1)}>
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Delete question">
              <IconButton size="small" aria-label={`Delete ${label}`} onClick={onDelete}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </Box>
      <Stack spacing={2}>
        <TextField
          label="Question text"
          required
          multiline
          value={item.text}
          disabled={readOnly}
          error={!!errors.text}
          helperText={errors.text}
          onChange={(e) => onChange({ text: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <TextField
          label="Instructions"
          multiline
          value={item.instructions}
          disabled={readOnly}
          error={!!errors.instructions}
          helperText={errors.instructions ?? 'Shown under the question to help the person answering.'}
          onChange={(e) => onChange({ instructions: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
          <FormControlLabel
            label="Answer required"
            disabled={readOnly}
            control={<Switch checked={item.required} onChange={(e) => onChange({ required: e.target.checked })} />}
          />
          {item.type === 'FIELD' ? (
            <TextField
              select
              size="small"
              label="Data type"
              value={item.datatype}
              disabled={readOnly}
              sx={{ minWidth: 180 }}
              onChange={(e) => onChange({ datatype: e.target.value as TQuestionnaireItem['datatype'] })}
            >
              <MenuItem value="TEXT">Text</MenuItem>
              <MenuItem value="NUMR">Number</MenuItem>
            </TextField>
          ) : null}
        </Box>
        {hasOptions ? (
          <Box>
            <RadioGroup
              row
              aria-label={`Where the options of ${label} come from`}
              value={fromSet ? 'set' : 'inline'}
              onChange={(e) => onChange(e.target.value === 'set' ? { lookupSetId: lookupSets[0]?.id ?? null } : { lookupSetId: null })}
            >
              <FormControlLabel value="inline" label="Options typed here" control={<Radio disabled={readOnly} />} />
              <FormControlLabel
                value="set"
                label="Options from a lookup set"
                control={<Radio disabled={readOnly || lookupSets.length === 0} />}
              />
            </RadioGroup>
            {fromSet ? (
              <TextField
                select
                size="small"
                label="Lookup set"
                value={item.lookupSetId ?? ''}
                disabled={readOnly}
                sx={{ minWidth: 260 }}
                error={!!errors.lookupSetId}
                helperText={
                  errors.lookupSetId ??
                  lookupSets
                    .find((s) => s.id === item.lookupSetId)
                    ?.options.map((o) => o.label)
                    .join(', ')
                }
                onChange={(e) => onChange({ lookupSetId: e.target.value })}
              >
                {lookupSets.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Stack spacing={1}>
                {item.options.map((o, i) => (
                  <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <TextField
                      size="small"
                      label={`Option ${i + 1}`}
                      value={o.label}
                      disabled={readOnly}
                      sx={{ flex: 1, maxWidth: 480 }}
                      error={!!errors[`options.${i}.label`]}
                      helperText={errors[`options.${i}.label`]}
                      onChange={(e) => setOption(i, e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 200 } }}
                    />
                    {!readOnly ? (
                      <IconButton
                        size="small"
                        aria-label={`Remove option ${i + 1} of ${label}`}
                        onClick={() => onChange({ options: item.options.filter((_, j) => j !== i) })}
                      >
                        <Close fontSize="small" />
                      </IconButton>
                    ) : null}
                  </Box>
                ))}
                {errors.options ? (
                  <Typography color="error" variant="body2" role="alert">
                    {errors.options}
                  </Typography>
                ) : null}
                {!readOnly ? (
                  <Box>
                    <Button
                      size="small"
                      startIcon={<AddOutlined />}
                      onClick={() => onChange({ options: [...item.options, { value: `Option ${item.options.length + 1}`, label: '' }] })}
                    >
                      Add option
                    </Button>
                  </Box>
                ) : null}
              </Stack>
            )}
          </Box>
        ) : null}
        {formsApi.CONDITION_TYPES.includes(item.type) ? (
          <ConditionEditor
            item={item}
            lookupSets={lookupSets}
            conditionals={conditionals}
            errors={errors}
            readOnly={readOnly}
            onChange={onChange}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** 'When the answer is X, also ask questionnaire Y' (conditional questionnaires). */
function ConditionEditor({
  item,
  lookupSets,
  conditionals,
  errors,
  readOnly,
  onChange,
}: Pick<ItemEditorProps, 'item' | 'lookupSets' | 'conditionals' | 'errors' | 'readOnly' | 'onChange'>) {
  const cond = item.showsQuestionnaire;
  const values = formsApi.YES_NO_TYPES.includes(item.type)
    ? [
        { value: formsApi.YES, label: 'Yes' },
        { value: formsApi.NO, label: 'No' },
      ]
    : item.lookupSetId
      ? (lookupSets.find((s) => s.id === item.lookupSetId)?.options ?? [])
      : item.options;
  return (
    <Box>
      <FormControlLabel
        label="Bring in a conditional questionnaire for some answers"
        disabled={readOnly || (!cond && conditionals.length === 0)}
        control={
          <Switch
            checked={!!cond}
            onChange={(e) =>
              onChange({
                showsQuestionnaire: e.target.checked
                  ? { whenValue: values[0]?.value ?? '', questionnaireId: conditionals[0]?.id ?? '' }
                  : null,
              })
            }
          />
        }
      />
      {!cond && conditionals.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Mark another questionnaire of this program type as conditional to use it here.
        </Typography>
      ) : null}
      {cond ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <TextField
            select
            size="small"
            label="When the answer is"
            value={cond.whenValue}
            disabled={readOnly}
            sx={{ minWidth: 200 }}
            error={!!errors['showsQuestionnaire.whenValue']}
            helperText={errors['showsQuestionnaire.whenValue']}
            onChange={(e) => onChange({ showsQuestionnaire: { ...cond, whenValue: e.target.value } })}
          >
            {values.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label || o.value}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Also ask"
            value={cond.questionnaireId}
            disabled={readOnly}
            sx={{ minWidth: 260 }}
            error={!!errors['showsQuestionnaire.questionnaireId']}
            helperText={errors['showsQuestionnaire.questionnaireId']}
            onChange={(e) => onChange({ showsQuestionnaire: { ...cond, questionnaireId: e.target.value } })}
          >
            {conditionals.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ) : null}
    </Box>
  );
}
