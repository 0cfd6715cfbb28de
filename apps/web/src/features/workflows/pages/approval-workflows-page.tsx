import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { type TUserGroup, type TWorkflow } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { useListWorkflows } from '../api/list-workflows';
import { useListUserGroups } from '../api/list-user-groups';
import { WorkflowDialog } from '../components/workflow-dialog';
import { UserGroupDialog } from '../components/user-group-dialog';
import { useDeleteUserGroup, useDeleteWorkflow } from '../api/delete-workflow';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { ApiError } from '../../../app/http/api-error';

/** Approval Workflows (#/admin/approval-workflows): ordered chains of approvers, and groups of approvers. */
export function ApprovalWorkflowsPage() {
  useDocumentTitle('Approval Workflows');
  const workflows = useListWorkflows();
  const groups = useListUserGroups();
  const [editing, setEditing] = useState<TWorkflow | 'new' | null>(null);
  const [editingGroup, setEditingGroup] = useState<TUserGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'workflow' | 'group'; id: string; name: string } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteWorkflow = useDeleteWorkflow();
  const deleteGroup = useDeleteUserGroup();
  const confirmDelete = () => {
    if (!deleting) return;
    const m = deleting.kind === 'workflow' ? deleteWorkflow : deleteGroup;
    m.mutate(deleting.id, {
      onSuccess: () => {
        snack(`Deleted ${deleting.name}.`, 'success');
        setDeleting(null);
        setDeleteError(null);
      },
      onError: (e) => {
        setDeleteError(e instanceof ApiError ? e.message : 'Oops we got an error, try again later.');
        setDeleting(null);
      },
    });
  };
  return (
    <Box>
      <PageHeader
        title="Approval Workflows"
        subtitle="Who approves a request, in which order. A request type uses a workflow when staff send it to approver review."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            New workflow
          </Button>
        }
      />
      {deleteError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ mb: 4 }}>
        {workflows.isFetching ? <LinearProgress aria-label="Loading workflows" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Approval workflows">
            <TableHead>
              <TableRow>
                {['Name', 'Event code', 'Approvers in order', 'Status', ''].map((h) => (
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
                  </TableCell>
                  <TableCell>
                    <code>{w.eventCode}</code>
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
                      color="error"
                      onClick={() => setDeleting({ kind: 'workflow', id: w.id, name: w.name })}
                      aria-label={`Delete ${w.name}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {!workflows.isPending && (workflows.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>No workflows yet.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
          User groups
        </Typography>
        <Button startIcon={<Add />} onClick={() => setEditingGroup('new')}>
          New user group
        </Button>
      </Box>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="User groups">
            <TableHead>
              <TableRow>
                {['Name', 'Members', ''].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(groups.data ?? []).map((g) => (
                <TableRow key={g.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {g.name}
                  </TableCell>
                  <TableCell>{g.members.map((m) => m.name).join(', ') || 'Nobody yet'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditingGroup(g)} aria-label={`Edit ${g.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting({ kind: 'group', id: g.id, name: g.name })}
                      aria-label={`Delete ${g.name}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {!groups.isPending && (groups.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>No user groups yet.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <ConfirmDialog
        open={!!deleting}
        destructive
        confirmLabel="Delete"
        title={deleting?.kind === 'group' ? 'Delete user group?' : 'Delete workflow?'}
        message={deleting ? `${deleting.name} will be deleted. Decisions already made stay in each request's History Log.` : ''}
        busy={deleteWorkflow.isPending || deleteGroup.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {editing ? <WorkflowDialog workflow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {editingGroup ? <UserGroupDialog group={editingGroup === 'new' ? null : editingGroup} onClose={() => setEditingGroup(null)} /> : null}
    </Box>
  );
}
