import { useState } from 'react';
import { Autocomplete, Button, Chip, Stack, TextField } from '@mui/material';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { isApiError } from '../../../../app/http/api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { snack } from '../../../../ui/notify';
import { useApplyStudentTags, useStudentTags } from '../api/student-tags';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function TagField(p: {
  label: string;
  helper: string;
  error?: string | undefined;
  options: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={p.options}
      value={p.value}
      onChange={(_, v) => p.onChange([...new Set(v.map((x) => x.trim()).filter(Boolean))])}
      renderValue={(v, getItemProps) => v.map((t, i) => <Chip size="small" label={t} {...getItemProps({ index: i })} key={t} />)}
      renderInput={(params) => <TextField {...params} label={p.label} error={!!p.error} helperText={p.error ?? p.helper} margin="dense" />}
    />
  );
}

/** Tags put on, or taken off, the records chosen on the Student List (docs/product/students-records.md#tags). */
export function TagChosenButton({ profileIds }: { profileIds: string[] }) {
  const [open, setOpen] = useState(false);
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const tags = useStudentTags(open);
  const apply = useApplyStudentTags();
  const options = (tags.data?.items ?? []).map((i) => i.tag);
  const fieldError = isApiError(apply.error) ? apply.error.fieldErrors : undefined;
  const close = () => {
    setOpen(false);
    setAdd([]);
    setRemove([]);
    apply.reset();
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<LocalOfferOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Tag
      </Button>
      <ConfirmDialog
        open={open}
        title="Tag the chosen students"
        message={`Put tags on, or take them off, ${count(profileIds.length, 'chosen record', 'chosen records')}.`}
        effects={['Records of campus sites where you may not change records are left as they were.']}
        width="sm"
        confirmLabel="Apply"
        busy={apply.isPending}
        error={fieldError ? null : apply.error?.message}
        onCancel={close}
        onConfirm={() =>
          apply.mutate(
            { profileIds, add, remove },
            {
              onSuccess: (r) => {
                snack(
                  `Tags changed on ${count(r.changed, 'record', 'records')}${r.skipped ? `; ${count(r.skipped, 'record', 'records')} of other campus sites left as they were` : ''}.`,
                  'success',
                );
                close();
              },
            },
          )
        }
      >
        <Stack>
          <TagField
            label="Add tags"
            helper="Choose a tag or type a new one and press Enter."
            error={fieldError?.add?.[0]}
            options={options}
            value={add}
            onChange={setAdd}
          />
          <TagField
            label="Remove tags"
            helper="Taken off the records that carry them."
            error={fieldError?.remove?.[0]}
            options={options}
            value={remove}
            onChange={setRemove}
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}
