import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { isScholarFieldRequired, type TScholarFieldDef, type TScholarFormData } from '@meridian/domain';
import { ApplicationField } from './application-field';

export interface FieldsProps {
  fields: TScholarFieldDef[];
  /** The record these fields belong to (the form, or one entry of a list). */
  record: TScholarFormData;
  /** Path prefix of the record ('' for the form, 'dependents.0.' for an entry). */
  prefix: string;
  errors: Record<string, string>;
  readOnly: boolean;
  setField: (path: string, value: unknown) => void;
  blurField: (path: string) => void;
  /** The title of the section (tab) these fields are in: a list with the same label does not repeat it as its own heading. */
  sectionTitle?: string;
}

const isWideType = (f: TScholarFieldDef) =>
  f.isWide || f.type === 'list' || f.type === 'yesno' || f.type === 'checkboxes' || f.type === 'textarea';

/** The fields of a record in a responsive grid; lists get their own editor. */
export function ApplicationFields({ fields, record, prefix, errors, readOnly, setField, blurField, sectionTitle }: FieldsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      {fields
        .filter((f) => !f.showIf || f.showIf(record))
        .map((f) => {
          const path = `${prefix}${f.name}`;
          return (
            <Box key={path} sx={{ gridColumn: isWideType(f) ? '1 / -1' : undefined }}>
              {f.type === 'list' ? (
                <ListEditor
                  field={f}
                  path={path}
                  items={Array.isArray(record[f.name]) ? (record[f.name] as TScholarFormData[]) : []}
                  required={isScholarFieldRequired(f, record)}
                  errors={errors}
                  readOnly={readOnly}
                  setField={setField}
                  blurField={blurField}
                  isTitledBySection={f.label === sectionTitle}
                />
              ) : (
                <ApplicationField
                  field={f}
                  path={path}
                  value={record[f.name]}
                  required={isScholarFieldRequired(f, record)}
                  error={errors[path]}
                  readOnly={readOnly}
                  onChange={(v) => setField(path, v)}
                  onBlur={() => blurField(path)}
                />
              )}
            </Box>
          );
        })}
    </Box>
  );
}

/** A list of entries (immigration history, trips, dependents and their benefits, wages...): add, fill in, remove. */
function ListEditor({
  field,
  path,
  items,
  required,
  errors,
  readOnly,
  setField,
  blurField,
  isTitledBySection = false,
}: {
  field: TScholarFieldDef;
  path: string;
  items: TScholarFormData[];
  required: boolean;
  errors: Record<string, string>;
  readOnly: boolean;
  setField: (path: string, value: unknown) => void;
  blurField: (path: string) => void;
  /** The section heading above already says the list's label (e.g. Actual wages, Dependents): no second heading. */
  isTitledBySection?: boolean;
}) {
  const name = field.itemLabel ?? 'entry';
  const error = errors[path];
  const headingId = `${path}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={isTitledBySection ? undefined : headingId}
      aria-label={isTitledBySection ? field.label : undefined}
    >
      {isTitledBySection ? (
        required ? (
          <Typography variant="body2">Add at least one {name}. *</Typography>
        ) : null
      ) : (
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {field.label}
          {required ? ' *' : ''}
        </Typography>
      )}
      {field.help ? (
        <Typography variant="body2" color="text.secondary">
          {field.help}
        </Typography>
      ) : null}
      {error ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None added.
          </Typography>
        ) : null}
        {items.map((item, i) => (
          <Paper key={i} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography sx={{ flex: 1, fontWeight: 600, textTransform: 'capitalize' }}>
                {name} {i + 1}
              </Typography>
              {!readOnly ? (
                <Tooltip title={`Remove ${name} ${i + 1}`}>
                  <IconButton
                    aria-label={`Remove ${name} ${i + 1}`}
                    onClick={() =>
                      setField(
                        path,
                        items.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              ) : null}
            </Stack>
            <ApplicationFields
              fields={field.item ?? []}
              record={item ?? {}}
              prefix={`${path}.${i}.`}
              errors={errors}
              readOnly={readOnly}
              setField={setField}
              blurField={blurField}
            />
          </Paper>
        ))}
      </Stack>
      {!readOnly && items.length < (field.maxItems ?? 30) ? (
        <Button startIcon={<AddOutlined />} onClick={() => setField(path, [...items, {}])} sx={{ mt: 1 }}>
          Add {name}
        </Button>
      ) : null}
    </Box>
  );
}
