import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { workflowsApi, type TWorkflow, type TWorkflowInput } from '@meridian/domain';
import { snack } from '../../../ui/notify';
import { useSaveWorkflow } from '../api/save-workflow';
import { useListUserGroups } from '../api/list-user-groups';
import { useListApproverCandidates } from '../api/list-approver-candidates';
import { StepOrderButtons, WorkflowDialogFrame, onWorkflowSaveError, useWorkflowSteps } from './workflow-dialog-parts';

type TStep = TWorkflowInput['steps'][number];
const ROLE: Record<string, string> = { isssAdmin: 'office staff', advisor: 'faculty advisor', department: 'department' };
/** Who may approve (docs/product/workflows.md#who-may-approve), said under the person field. */
const APPROVER_RULE = 'Office staff, department users and faculty advisors; never students or scholars.';

/** Create or edit a workflow: name, event code and the ordered chain of approvers. */
export function WorkflowDialog({ workflow, onClose }: { workflow: TWorkflow | null; onClose: () => void }) {
  const save = useSaveWorkflow();
  const groups = useListUserGroups();
  const people = useListApproverCandidates();
  const [name, setName] = useState(workflow?.name ?? '');
  const [eventCode, setEventCode] = useState(workflow?.eventCode ?? '');
  const [isActive, setActive] = useState(workflow?.isActive ?? true);
  const { steps, setSteps, setStep, move, remove } = useWorkflowSteps<TStep>(
    () =>
      workflow?.steps.map((s) => ({
        approverKind: s.approverKind,
        approverUserId: s.approverUserId,
        approverGroupId: s.approverGroupId,
        label: s.label,
      })) ?? [{ approverKind: 'faculty_advisor' }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const savedName = (userId: string) => workflow?.steps.find((x) => x.approverUserId === userId)?.approverName ?? 'Someone';

  const submit = () => {
    setFormError('');
    const parsed = workflowsApi.ZWorkflowInput.safeParse({ name, eventCode, isActive, steps });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    save.mutate(
      { id: workflow?.id, body: parsed.data },
      {
        onSuccess: () => {
          snack('The workflow was saved.', 'success');
          onClose();
        },
        onError: onWorkflowSaveError(setErrors, setFormError),
      },
    );
  };

  return (
    <WorkflowDialogFrame titleId="wf-title" workflowName={workflow?.name ?? null} saving={save.isPending} onSave={submit} onClose={onClose}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            sx={{ flex: '2 1 260px' }}
          />
          <TextField
            label="Event code"
            required
            value={eventCode}
            onChange={(e) => setEventCode(e.target.value)}
            error={!!errors.eventCode}
            helperText={errors.eventCode || 'e.g. FACULTY_RECOMMENDATION, SPONSORSHIP_REQUEST'}
            sx={{ flex: '1 1 200px' }}
          />
        </Box>
        <FormControlLabel control={<Switch checked={isActive} onChange={(e) => setActive(e.target.checked)} />} label="Active" />
        <Typography variant="subtitle1" component="h3">
          Approvers, in order
        </Typography>
        {errors.steps ? <Alert severity="error">{errors.steps}</Alert> : null}
        {steps.map((s, i) => (
          <Paper key={i} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <Typography sx={{ pt: 1, fontWeight: 600, minWidth: 56 }}>Step {i + 1}</Typography>
            <FormControl size="small" sx={{ minWidth: 260 }}>
              <InputLabel id={`kind-${i}`}>Approver</InputLabel>
              <Select
                labelId={`kind-${i}`}
                label="Approver"
                value={s.approverKind}
                onChange={(e) => setStep(i, { approverKind: e.target.value })}
              >
                {workflowsApi.APPROVER_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {workflowsApi.APPROVER_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {s.approverKind === 'user' ? (
              <FormControl size="small" sx={{ minWidth: 240, maxWidth: 320 }} error={!!errors[`steps.${i}.approverUserId`]}>
                <InputLabel id={`user-${i}`}>Person</InputLabel>
                <Select
                  labelId={`user-${i}`}
                  label="Person"
                  value={s.approverUserId ?? ''}
                  onChange={(e) => setStep(i, { approverUserId: e.target.value || null })}
                  aria-describedby={`user-${i}-help`}
                >
                  {(people.data ?? []).map((p) => (
                    <MenuItem key={p.userId} value={p.userId}>
                      {p.name} ({ROLE[p.role] ?? p.role})
                    </MenuItem>
                  ))}
                  {/* A step saved before the rule held may name someone who may not approve: shown, not offered. */}
                  {s.approverUserId && people.data && !people.data.some((p) => p.userId === s.approverUserId) ? (
                    <MenuItem value={s.approverUserId} disabled>
                      {savedName(s.approverUserId)} (may not approve)
                    </MenuItem>
                  ) : null}
                </Select>
                <FormHelperText id={`user-${i}-help`}>{errors[`steps.${i}.approverUserId`] || APPROVER_RULE}</FormHelperText>
              </FormControl>
            ) : null}
            {s.approverKind === 'group' ? (
              <FormControl size="small" sx={{ minWidth: 240, maxWidth: 320 }} error={!!errors[`steps.${i}.approverGroupId`]}>
                <InputLabel id={`group-${i}`}>User group</InputLabel>
                <Select
                  labelId={`group-${i}`}
                  label="User group"
                  value={s.approverGroupId ?? ''}
                  onChange={(e) => setStep(i, { approverGroupId: e.target.value || null })}
                >
                  {(groups.data ?? []).map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {g.name} ({g.members.length})
                    </MenuItem>
                  ))}
                </Select>
                {errors[`steps.${i}.approverGroupId`] ? <FormHelperText>{errors[`steps.${i}.approverGroupId`]}</FormHelperText> : null}
              </FormControl>
            ) : null}
            <TextField
              size="small"
              label="Label (optional)"
              value={s.label ?? ''}
              onChange={(e) => setStep(i, { label: e.target.value })}
              sx={{ flex: '1 1 160px' }}
            />
            <StepOrderButtons index={i} count={steps.length} onMove={move} onRemove={remove} />
          </Paper>
        ))}
        <Box>
          <Button onClick={() => setSteps((s) => [...s, { approverKind: 'user' }])} disabled={steps.length >= 10}>
            Add approver
          </Button>
        </Box>
      </Stack>
    </WorkflowDialogFrame>
  );
}
