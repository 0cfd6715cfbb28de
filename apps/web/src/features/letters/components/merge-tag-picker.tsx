import { useState } from 'react';
import { Button, FormControl, InputLabel, ListSubheader, MenuItem, Select, Stack } from '@mui/material';
import { MERGE_TAG_GROUPS, mergeTagsFor, type TMergeRecordKind } from '@meridian/domain';

/** Pick a merge tag, grouped as the catalogue groups them, and insert it where the cursor is. */
export function MergeTagPicker({ kind, onInsert }: { kind: TMergeRecordKind; onInsert: (tag: string) => void }) {
  const [key, setKey] = useState('');
  const tags = mergeTagsFor(kind);
  const items = MERGE_TAG_GROUPS.flatMap((g) => {
    const inGroup = tags.filter((t) => t.group === g);
    if (!inGroup.length) return [];
    return [
      <ListSubheader key={`g-${g}`}>{g}</ListSubheader>,
      ...inGroup.map((t) => (
        <MenuItem key={t.key} value={t.key}>
          {t.label} — e.g. {t.example}
        </MenuItem>
      )),
    ];
  });
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <FormControl size="small" sx={{ minWidth: 320 }}>
        <InputLabel id="merge-tag-label">Merge tag</InputLabel>
        <Select
          labelId="merge-tag-label"
          label="Merge tag"
          value={tags.some((t) => t.key === key) ? key : ''}
          onChange={(e) => setKey(e.target.value)}
        >
          {items}
        </Select>
      </FormControl>
      <Button variant="outlined" disabled={!key} onClick={() => onInsert(`{{${key}}}`)}>
        Insert tag
      </Button>
    </Stack>
  );
}
