import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { TAssignmentRule } from '@meridian/domain';
import { failureMessage } from '../../../app/errors/failure';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { useListCampusSites } from '../../people';
import {
  useAssignmentReport,
  useDeleteAssignmentRule,
  useListAssignmentRules,
  useReorderAssignmentRules,
  useSaveAssignmentRule,
} from '../api/assignment-rules';
import { useListRequestTypes } from '../api/list-request-types';
import { AssignmentReportTable, workloadOf } from '../components/assignment-report-table';
import { AssignmentRuleDialog } from '../components/assignment-rule-dialog';
import { ReassignDialog } from '../components/reassign-dialog';
import { WorkloadExportButton } from '../components/workload-export-button';

const range = (r: TAssignmentRule) => (r.nameFrom || r.nameTo ? `${r.nameFrom ?? 'A'} – ${r.nameTo ?? 'Z'}` : 'Any');

/** Student Request Assignment (#/isss/student-request-approval): assignment rules, reassigning, the workload report. */
export function StudentRequestAssignmentPage() {
  useDocumentTitle('Student Request Assignment');
  const rules = useListAssignmentRules();
  const types = useListRequestTypes();
  const sites = useListCampusSites();
  const report = useAssignmentReport();
  const reorder = useReorderAssignmentRules();
  const save = useSaveAssignmentRule();
  const remove = useDeleteAssignmentRule();
  const [editing, setEditing] = useState<TAssignmentRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAssignmentRule | null>(null);
  const [reassigning, setReassigning] = useState(false);
  const list = rules.data ?? [];
  const typeOptions = (types.data ?? []).map((t) => ({ code: t.code, name: t.name }));
  const holders = report.data
    ? workloadOf(report.data).flatMap((p) => (p.key === 'unassigned' ? [] : [{ userId: p.key, name: p.name }]))
    : [];

  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    reorder.mutate(ids, { onError: (e) => snack(failureMessage(e), 'error') });
  };
  const toggle = (r: TAssignmentRule) =>
    save.mutate(
      {
        id: r.id,
        body: {
          requestTypeCode: r.requestTypeCode,
          campusSiteId: r.campusSiteId,
          visaType: r.visaType,
          nameFrom: r.nameFrom,
          nameTo: r.nameTo,
          assigneeUserId: r.assignee.userId,
          isActive: !r.isActive,
        },
      },
      {
        onSuccess: () => snack(r.isActive ? 'Rule deactivated.' : 'Rule activated.', 'success'),
        onError: (e) => snack(failureMessage(e), 'error'),
      },
    );

  return (
    <Box>
      <PageHeader
        title="Student Request Assignment"
        subtitle="When a student first submits a request that nobody has yet, the first active rule it meets assigns it. Rules are tried from the top."
        actions={
          <>
            <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setReassigning(true)}>
              Reassign
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
              Add rule
            </Button>
          </>
        }
      />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }} id="rules-heading">
        Assignment rules
      </Typography>
      <Paper variant="outlined" sx={{ mb: 4 }}>
        {rules.isFetching || reorder.isPending ? <LinearProgress aria-label="Loading assignment rules" /> : <Box sx={{ height: 4 }} />}
        {rules.isError ? <Alert severity="error">{failureMessage(rules.error)}</Alert> : null}
        <TableContainer>
          <Table size="small" aria-labelledby="rules-heading" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {['Order', 'Request type', 'Campus site', 'Visa type', 'Family names', 'Assign to', 'Status', 'Actions'].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 && rules.isSuccess ? (
                <TableRow>
                  <TableCell colSpan={8}>No rules yet: student requests stay unassigned until someone takes them.</TableCell>
                </TableRow>
              ) : null}
              {list.map((r, i) => (
                <TableRow key={r.id} sx={{ opacity: r.isActive ? 1 : 0.7 }}>
                  <TableCell component="th" scope="row">
                    {i + 1}
                  </TableCell>
                  <TableCell>{r.requestTypeName ?? 'Any'}</TableCell>
                  <TableCell>{r.campusSiteId === null ? 'Any' : (r.campusSiteName ?? '—')}</TableCell>
                  <TableCell>{r.visaType ?? 'Any'}</TableCell>
                  <TableCell>{range(r)}</TableCell>
                  <TableCell>
                    {r.assignee.name}
                    {r.assigneeMayBeAssigned ? null : (
                      <Typography variant="body2" color="error">
                        Cannot be assigned these requests: the rule is passed over.
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={r.isActive ? 'success' : 'default'}
                      label={r.isActive ? 'Active' : 'Inactive'}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      <Tooltip title="Move up">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move rule ${i + 1} up`}
                            disabled={i === 0 || reorder.isPending}
                            onClick={() => move(i, -1)}
                          >
                            <ArrowUpward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Move down">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move rule ${i + 1} down`}
                            disabled={i === list.length - 1 || reorder.isPending}
                            onClick={() => move(i, 1)}
                          >
                            <ArrowDownward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit rule ${i + 1}`} onClick={() => setEditing(r)}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Button
                        size="small"
                        onClick={() => toggle(r)}
                        disabled={save.isPending}
                        aria-label={`${r.isActive ? 'Deactivate' : 'Activate'} rule ${i + 1}`}
                      >
                        {r.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete rule ${i + 1}`} onClick={() => setDeleting(r)}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography component="h2" variant="h6">
          Workload
        </Typography>
        <WorkloadExportButton disabled={!report.data?.total} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Open student requests of your campus sites, per person, request type and status.
      </Typography>
      {report.isPending ? <LinearProgress aria-label="Loading the workload" /> : null}
      {report.isError ? <Alert severity="error">{failureMessage(report.error)}</Alert> : null}
      {report.data ? <AssignmentReportTable report={report.data} /> : null}

      {editing ? (
        <AssignmentRuleDialog
          rule={editing === 'new' ? null : editing}
          types={typeOptions}
          sites={(sites.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {reassigning ? <ReassignDialog holders={holders} onClose={() => setReassigning(false)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        title="Delete assignment rule"
        message={deleting ? `Delete the rule that assigns to ${deleting.assignee.name}?` : ''}
        effects={['Requests it assigned keep their assignee.']}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.error ? failureMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              snack('Assignment rule deleted.', 'success');
              setDeleting(null);
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Box>
  );
}
