import { useMemo, useState } from 'react';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { MERGE_TAG_GROUPS, mergeTagsFor, type TMergeRecordKind } from '@meridian/domain';

/**
 * The merge-tag picker (docs/product/messages.md#merge-tags): the tags a template for this kind of record
 * may use, grouped as the office knows them, searchable by name or tag; choosing one inserts `{{tag}}`.
 */
export function MergeTagPicker(p: { open: boolean; kind: TMergeRecordKind; onPick: (key: string) => void; onClose: () => void }) {
  const [q, setQ] = useState('');
  const groups = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const tags = mergeTagsFor(p.kind).filter(
      (t) =>
        !needle || t.label.toLowerCase().includes(needle) || t.key.toLowerCase().includes(needle) || t.group.toLowerCase().includes(needle),
    );
    return MERGE_TAG_GROUPS.map((g) => ({ group: g, tags: tags.filter((t) => t.group === g) })).filter((g) => g.tags.length > 0);
  }, [p.kind, q]);
  const close = () => {
    setQ('');
    p.onClose();
  };
  return (
    <Dialog open={p.open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="merge-tag-picker-title">
      <DialogTitle id="merge-tag-picker-title">Insert a merge tag</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Search merge tags"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          fullWidth
          size="small"
          autoFocus
          sx={{ mb: 1 }}
          slotProps={{ htmlInput: { 'aria-controls': 'merge-tag-list' } }}
        />
        {groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No merge tag matches “{q}”.
          </Typography>
        ) : (
          <List id="merge-tag-list" dense sx={{ maxHeight: 420, overflow: 'auto' }} aria-label="Merge tags">
            {groups.map((g) => (
              <Box component="li" key={g.group} sx={{ listStyle: 'none' }}>
                <List dense disablePadding aria-label={g.group}>
                  <ListSubheader sx={{ bgcolor: 'background.paper' }}>{g.group}</ListSubheader>
                  {g.tags.map((t) => (
                    <ListItemButton
                      key={t.key}
                      onClick={() => {
                        p.onPick(t.key);
                        close();
                      }}
                    >
                      <ListItemText primary={`${t.label} — {{${t.key}}}`} secondary={`${t.source}. Example: ${t.example}`} />
                    </ListItemButton>
                  ))}
                </List>
              </Box>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
