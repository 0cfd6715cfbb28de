import { useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';

/**
 * The pieces every approval-workflow dialog shares (the office's Approval Workflows and a
 * department's): the ordered steps being edited, the buttons that reorder or remove a step, the
 * server's refusal shown on the fields, and the dialog around the form.
 */

/** The ordered approver steps of a workflow being edited. */
export function useWorkflowSteps<T extends object>(initial: () => T[]) {
  const [steps, setSteps] = useState<T[]>(initial);
  const setStep = (i: number, patch: Partial<T>) => setSteps((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const move = (i: number, d: number) =>
    setSteps((s) => {
      const c = [...s];
      const [x] = c.splice(i, 1);
      c.splice(i + d, 0, x!);
      return c;
    });
  const remove = (i: number) => setSteps((x) => x.filter((_, j) => j !== i));
  return { steps, setSteps, setStep, move, remove };
}

/** Move up, move down and remove for step i of count. */
export function StepOrderButtons({
  index: i,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (i: number, d: number) => void;
  onRemove: (i: number) => void;
}) {
  return (
    <Box>
      <Tooltip title="Move up">
        <span>
          <IconButton aria-label={`Move step ${i + 1} up`} disabled={i === 0} onClick={() => onMove(i, -1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton aria-label={`Move step ${i + 1} down`} disabled={i === count - 1} onClick={() => onMove(i, 1)}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Remove">
        <span>
          <IconButton aria-label={`Remove step ${i + 1}`} disabled={count === 1} onClick={() => onRemove(i)}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/**
 * What a refused save does: a 4xx the user can fix (not 401/403) puts the server's field messages on
 * the fields and its message above the form; anything else goes to the app's error handling.
 */
export function onWorkflowSaveError(setErrors: (e: Record<string, string>) => void, setFormError: (m: string) => void) {
  return (e: unknown) => {
    if (isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403) {
      setErrors(Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])));
      setFormError(e.message);
    } else handleApiError(e);
  };
}

/** The dialog of a workflow form: its title (Edit <name> or New approval workflow), the form, Cancel and Save. */
export function WorkflowDialogFrame({
  titleId,
  workflowName,
  saving,
  onSave,
  onClose,
  children,
}: {
  titleId: string;
  workflowName: string | null;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{workflowName !== null ? `Edit ${workflowName}` : 'New approval workflow'}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
