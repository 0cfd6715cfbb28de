import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import type { TUserGroup } from '@meridian/domain';
import { snack } from '../../../ui/notify';
import { useSaveUserGroup } from '../api/save-user-group';
import { useListApproverCandidates } from '../api/list-approver-candidates';

/** Create or edit a group of approvers (HR, Dean's office, ...). */
export function UserGroupDialog({ group, onClose }: { group: TUserGroup | null; onClose: () => void }) {
  const save = useSaveUserGroup();
  const people = useListApproverCandidates();
  const [name, setName] = useState(group?.name ?? '');
  const [memberIds, setMembers] = useState<string[]>(group?.members.map((m) => m.userId) ?? []);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-title">
      <DialogTitle id="group-title">{group ? `Edit ${group.name}` : 'New user group'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!name.trim() && save.isError}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <FormControl>
            <InputLabel id="members-label">Members</InputLabel>
            <Select
              labelId="members-label"
              label="Members"
              multiple
              value={memberIds}
              onChange={(e) => setMembers(e.target.value as string[])}
              renderValue={(ids) => ids.map((id) => people.data?.find((p) => p.userId === id)?.name ?? '…').join(', ')}
            >
              {(people.data ?? []).map((p) => (
                <MenuItem key={p.userId} value={p.userId}>
                  <Checkbox checked={memberIds.includes(p.userId)} />
                  <ListItemText primary={p.name} secondary={p.email} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!name.trim() || save.isPending}
          onClick={() =>
            save.mutate(
              { id: group?.id, name: name.trim(), memberIds },
              {
                onSuccess: () => {
                  snack('The group was saved.', 'success');
                  onClose();
                },
              },
            )
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
