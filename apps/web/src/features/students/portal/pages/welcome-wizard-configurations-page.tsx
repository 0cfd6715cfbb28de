import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Switch,
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
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { studentsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { PageHeader } from '../../../../ui/page-header';
import { snack } from '../../../../ui/notify';
import { useDeleteWizardStep, useReorderWizardSteps, useSaveWizardStep, useListWizardSteps } from '../api/wizard-steps';

const BASE = '/isss/welcome-wizard-configurations';

/** #/isss/welcome-wizard-configurations: the welcome wizard's steps, in order, with activation, reorder and preview. */
export function WelcomeWizardConfigurationsPage() {
  useDocumentTitle('Welcome Wizard Configuration');
  const steps = useListWizardSteps();
  const save = useSaveWizardStep();
  const reorder = useReorderWizardSteps();
  const remove = useDeleteWizardStep();
  const [deleting, setDeleting] = useState<studentsApi.TWizardStep | null>(null);
  const list = steps.data ?? [];

  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((s) => s.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    reorder.mutate(ids, { onError: handleApiError });
  };
  const toggle = (s: studentsApi.TWizardStep) =>
    save.mutate(
      { id: s.id, body: { title: s.title, body: s.body, kind: s.kind, itemIds: s.itemIds, visaScope: s.visaScope, isActive: !s.isActive } },
      {
        onSuccess: (x) => snack(`${x.title} is now ${x.isActive ? 'shown to students' : 'hidden from students'}.`, 'success'),
        onError: handleApiError,
      },
    );

  return (
    <Box>
      <PageHeader
        title="Welcome Wizard Configuration"
        subtitle="The steps an invited student walks through before pre-arrival. Students see the active steps for their visa type, in this order."
        actions={
          <>
            <Button variant="outlined" startIcon={<VisibilityOutlined />} component={RouterLink} to={`${BASE}/preview`}>
              Preview
            </Button>
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`${BASE}/create`}>
              New step
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        {steps.isFetching || reorder.isPending ? <LinearProgress aria-label="Loading steps" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Welcome wizard steps" sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                {['Order', 'Title', 'Kind', 'Asks', 'Visa', 'Shown to students', ''].map((h, i) => (
                  <TableCell key={i} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((s, i) => (
                <TableRow key={s.id} hover sx={{ opacity: s.isActive ? 1 : 0.7 }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Typography component="span" sx={{ mr: 1, fontVariantNumeric: 'tabular-nums' }}>
                      {i + 1}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label={`Move ${s.title} up`}
                      disabled={i === 0 || reorder.isPending}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move ${s.title} down`}
                      disabled={i === list.length - 1 || reorder.isPending}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={`${BASE}/edit/${s.id}`}>
                      {s.title}
                    </Link>
                  </TableCell>
                  <TableCell>{studentsApi.WIZARD_STEP_KIND_LABELS[s.kind]}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>{s.itemNames.length ? s.itemNames.join('; ') : '—'}</TableCell>
                  <TableCell>{s.visaScope}</TableCell>
                  <TableCell>
                    <Switch
                      checked={s.isActive}
                      onChange={() => toggle(s)}
                      disabled={save.isPending}
                      slotProps={{ input: { 'aria-label': `Show ${s.title} to students` } }}
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      color={s.isActive ? 'success' : 'default'}
                      label={s.isActive ? 'Active' : 'Inactive'}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="Delete step">
                      <IconButton aria-label={`Delete ${s.title}`} onClick={() => setDeleting(s)}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {!steps.isPending && list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>No steps yet: invited students go straight to pre-arrival. Add a step to welcome them.</TableCell>
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
        busy={remove.isPending}
        title="Delete this step?"
        message={`“${deleting?.title ?? ''}” will no longer be shown to invited students. Answers and files they already gave stay on their records.`}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              snack(`${deleting.title} was deleted.`, 'success');
              setDeleting(null);
            },
            onError: (e) => {
              setDeleting(null);
              handleApiError(e);
            },
          })
        }
      />
    </Box>
  );
}
