import { useState } from 'react';
import { Box, Button, Chip, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { type TWorkflow } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { snack, toast } from '../../../../ui/notify';
import { ApiError } from '../../../../app/http/api-error';
import { useGetDeptConfig } from '../api/dept-config';
import { useListDeptWorkflows, useSaveDeptWorkflow } from '../api/dept-workflows';
import { DeptWorkflowDialog } from '../components/dept-workflow-dialog';

/** #/scholar/approval-workflows: the department's own approval workflows (department admins). */
export function DeptWorkflowsPage() {
  useDocumentTitle('Approval Workflows');
  const workflows = useListDeptWorkflows();
  const cfg = useGetDeptConfig();
  const save = useSaveDeptWorkflow();
  const [editing, setEditing] = useState<TWorkflow | 'new' | null>(null);
  const toggle = (w: TWorkflow) =>
    save.mutate(
      {
        id: w.id,
        body: {
          name: w.name,
          isActive: !w.isActive,
          steps: w.steps.map((s) => ({
            approverKind: s.approverKind,
            approverUserId: s.approverUserId,
            approverGroupId: s.approverGroupId,
            label: s.label,
          })),
        },
      },
      {
        onSuccess: () => snack(`${w.name} is now ${w.isActive ? 'inactive' : 'active'}.`, 'success'),
        onError: (e) =>
          toast(
            e instanceof ApiError ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : 'Oops we got an error, try again later.',
          ),
      },
    );
  const inUse = cfg.data?.sponsorshipWorkflowId;
  return (
    <Box>
      <PageHeader
        title="Approval Workflows"
        subtitle="Who in your department approves a sponsorship request, in which order, before it reaches the international office. Choose the one to use in Departmental Configurations."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            New workflow
          </Button>
        }
      />
      <Paper variant="outlined">
        {workflows.isFetching ? <LinearProgress aria-label="Loading workflows" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Approval workflows of the department">
            <TableHead>
              <TableRow>
                {['Name', 'Approvers in order', 'Status', ''].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(workflows.data ?? []).map((w) => (
                <TableRow key={w.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {w.name}
                    {inUse === w.id ? (
                      <Chip size="small" color="primary" variant="outlined" label="Used for sponsorship requests" sx={{ ml: 1 }} />
                    ) : null}
                  </TableCell>
                  <TableCell>{w.steps.map((s) => `${s.ordinal}. ${s.label || s.approverName}`).join(' → ')}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={w.isActive ? 'success' : 'default'}
                      label={w.isActive ? 'Active' : 'Inactive'}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(w)} aria-label={`Edit ${w.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      onClick={() => toggle(w)}
                      disabled={save.isPending}
                      aria-label={`${w.isActive ? 'Deactivate' : 'Activate'} ${w.name}`}
                    >
                      {w.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {!workflows.isPending && (workflows.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4}>No workflows yet: sponsorship requests go straight to the international office.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing ? <DeptWorkflowDialog workflow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
