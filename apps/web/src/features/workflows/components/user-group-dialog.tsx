import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import type { TUserGroup } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { snack } from '../../../ui/notify';
import { useSaveUserGroup } from '../api/save-user-group';
import { useListApproverCandidates } from '../api/list-approver-candidates';

/** Create or edit a group of approvers (HR, Dean's office, ...). */
export function UserGroupDialog({ group, onClose }: { group: TUserGroup | null; onClose: () => void }) {
  const save = useSaveUserGroup();
  const people = useListApproverCandidates();
  const [name, setName] = useState(group?.name ?? '');
  const [memberIds, setMembers] = useState<string[]>(group?.members.map((m) => m.userId) ?? []);
  const [membersError, setMembersError] = useState('');
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
          <FormControl error={!!membersError}>
            <InputLabel id="members-label">Members</InputLabel>
            <Select
              labelId="members-label"
              label="Members"
              multiple
              value={memberIds}
              onChange={(e) => {
                setMembers(e.target.value as string[]);
                setMembersError('');
              }}
              aria-describedby="members-help"
              renderValue={(ids) =>
                ids
                  .map((id) => people.data?.find((p) => p.userId === id)?.name ?? group?.members.find((m) => m.userId === id)?.name ?? '…')
                  .join(', ')
              }
            >
              {(people.data ?? []).map((p) => (
                <MenuItem key={p.userId} value={p.userId}>
                  <Checkbox checked={memberIds.includes(p.userId)} />
                  <ListItemText primary={p.name} secondary={p.email} />
                </MenuItem>
              ))}
              {/* Members kept from before who are no longer offered (an account turned off, or one who may not approve). */}
              {(group?.members ?? [])
                .filter((m) => people.data && !people.data.some((p) => p.userId === m.userId))
                .map((m) => (
                  <MenuItem key={m.userId} value={m.userId}>
                    <Checkbox checked={memberIds.includes(m.userId)} />
                    <ListItemText primary={`${m.name} (no longer offered)`} secondary={m.email} />
                  </MenuItem>
                ))}
            </Select>
            <FormHelperText id="members-help">
              {membersError || 'Office staff, department users and faculty advisors; never students or scholars.'}
            </FormHelperText>
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
                onError: (e) => {
                  // A member who may not approve is said on the members field; the rest as usual.
                  const onMembers = isApiError(e) && e.status === 400 ? e.fieldErrors?.memberIds?.[0] : undefined;
                  if (onMembers) setMembersError(onMembers);
                  else handleApiError(e);
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
