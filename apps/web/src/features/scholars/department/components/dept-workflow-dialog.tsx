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
import { scholarsApi, workflowsApi, type TWorkflow } from '@meridian/domain';
import { snack } from '../../../../ui/notify';
import { StepOrderButtons, WorkflowDialogFrame, onWorkflowSaveError, useWorkflowSteps } from '../../../workflows';
import { useListDeptApproverCandidates, useSaveDeptWorkflow } from '../api/dept-workflows';

type TStep = scholarsApi.TDeptWorkflowInput['steps'][number];
const KINDS = ['user', 'group'] as const;
const ROLE: Record<string, string> = { advisor: 'faculty', department: 'department' };

/** Create or edit a department workflow: its name, whether it is active and the ordered approvers (people or user groups). */
export function DeptWorkflowDialog({ workflow, onClose }: { workflow: TWorkflow | null; onClose: () => void }) {
  const save = useSaveDeptWorkflow();
  const candidates = useListDeptApproverCandidates();
  const [name, setName] = useState(workflow?.name ?? '');
  const [isActive, setActive] = useState(workflow?.isActive ?? true);
  const { steps, setSteps, setStep, move, remove } = useWorkflowSteps<TStep>(
    () =>
      workflow?.steps.map((s) => ({
        approverKind: s.approverKind,
        approverUserId: s.approverUserId,
        approverGroupId: s.approverGroupId,
        label: s.label,
      })) ?? [{ approverKind: 'user', approverUserId: null }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const people = candidates.data?.people ?? [];
  const groups = candidates.data?.groups ?? [];

  const submit = () => {
    setFormError('');
    const local: Record<string, string> = {};
    steps.forEach((s, i) => {
      if (s.approverKind === 'user' && !s.approverUserId) local[`steps.${i}.approverUserId`] = 'Choose a person.';
      if (s.approverKind === 'group' && !s.approverGroupId) local[`steps.${i}.approverGroupId`] = 'Choose a user group.';
    });
    const parsed = scholarsApi.ZDeptWorkflowInput.safeParse({ name, isActive, steps });
    if (!parsed.success || Object.keys(local).length) {
      setErrors({ ...local, ...(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))) });
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
    <WorkflowDialogFrame
      titleId="dwf-title"
      workflowName={workflow?.name ?? null}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          label="Name"
          required
          autoFocus
          margin="none"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!errors.name}
          helperText={errors.name ?? 'e.g. Chair and Dean approval'}
        />
        <FormControlLabel
          control={<Switch checked={isActive} onChange={(e) => setActive(e.target.checked)} />}
          label={isActive ? 'Active' : 'Inactive'}
        />
        <Typography variant="subtitle1" component="h3">
          Approvers, in order
        </Typography>
        {errors.steps ? <Alert severity="error">{errors.steps}</Alert> : null}
        {steps.map((s, i) => (
          <Paper
            key={i}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
            role="group"
            aria-label={`Step ${i + 1}`}
          >
            <Typography sx={{ pt: 1, fontWeight: 600, minWidth: 56 }}>Step {i + 1}</Typography>
            <FormControl size="small" sx={{ minWidth: 180 }} error={!!errors[`steps.${i}.approverKind`]}>
              <InputLabel id={`dkind-${i}`}>Approver</InputLabel>
              <Select
                labelId={`dkind-${i}`}
                label="Approver"
                value={s.approverKind}
                onChange={(e) => setStep(i, { approverKind: e.target.value })}
              >
                {KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {workflowsApi.APPROVER_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </Select>
              {errors[`steps.${i}.approverKind`] ? <FormHelperText>{errors[`steps.${i}.approverKind`]}</FormHelperText> : null}
            </FormControl>
            {s.approverKind === 'user' ? (
              <FormControl size="small" sx={{ minWidth: 260 }} error={!!errors[`steps.${i}.approverUserId`]}>
                <InputLabel id={`duser-${i}`}>Person</InputLabel>
                <Select
                  labelId={`duser-${i}`}
                  label="Person"
                  value={s.approverUserId ?? ''}
                  onChange={(e) => setStep(i, { approverUserId: e.target.value || null })}
                >
                  {people.map((p) => (
                    <MenuItem key={p.userId} value={p.userId}>
                      {p.name} ({ROLE[p.role] ?? p.role})
                    </MenuItem>
                  ))}
                </Select>
                {errors[`steps.${i}.approverUserId`] ? <FormHelperText>{errors[`steps.${i}.approverUserId`]}</FormHelperText> : null}
              </FormControl>
            ) : null}
            {s.approverKind === 'group' ? (
              <FormControl size="small" sx={{ minWidth: 260 }} error={!!errors[`steps.${i}.approverGroupId`]}>
                <InputLabel id={`dgroup-${i}`}>User group</InputLabel>
                <Select
                  labelId={`dgroup-${i}`}
                  label="User group"
                  value={s.approverGroupId ?? ''}
                  onChange={(e) => setStep(i, { approverGroupId: e.target.value || null })}
                >
                  {groups.length === 0 ? (
                    <MenuItem value="" disabled>
                      No user group of your department’s people yet
                    </MenuItem>
                  ) : null}
                  {groups.map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {g.name} ({g.memberCount})
                    </MenuItem>
                  ))}
                </Select>
                <FormHelperText>{errors[`steps.${i}.approverGroupId`] ?? 'The first member to decide settles the step.'}</FormHelperText>
              </FormControl>
            ) : null}
            <TextField
              size="small"
              margin="none"
              label="Label (optional)"
              value={s.label ?? ''}
              onChange={(e) => setStep(i, { label: e.target.value })}
              sx={{ flex: '1 1 160px' }}
            />
            <StepOrderButtons index={i} count={steps.length} onMove={move} onRemove={remove} />
          </Paper>
        ))}
        <Box>
          <Button onClick={() => setSteps((s) => [...s, { approverKind: 'user', approverUserId: null }])} disabled={steps.length >= 10}>
            Add approver
          </Button>
        </Box>
      </Stack>
    </WorkflowDialogFrame>
  );
}
