import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { useListRequestTypes } from '../api/list-request-types';
import { useListWorkflows } from '../../workflows';

const STARTER_LABELS: Record<string, string> = { student: 'Students', scholar: 'Scholars', department: 'Departments', staff: 'Staff' };

/** Request Configuration (#/isss/request-configuration): the request types the office offers. */
export function RequestConfigurationPage() {
  useDocumentTitle('Request Configuration');
  const types = useListRequestTypes();
  const workflows = useListWorkflows();
  const wfName = (id: string | null) => (id ? (workflows.data?.find((w) => w.id === id)?.name ?? '…') : '—');
  return (
    <Box>
      <PageHeader
        title="Request Configuration"
        subtitle="The requests students, scholars and departments can start: who may start each, its questionnaires and documents, and its approval workflow."
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/isss/request-configuration/create">
            New request type
          </Button>
        }
      />
      <Paper variant="outlined">
        {types.isFetching ? <LinearProgress aria-label="Loading request types" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Request types" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {['Name', 'Code', 'Visa', 'Who may start it', 'Questionnaires', 'Approval workflow', 'Status'].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(types.data ?? []).map((t) => (
                <TableRow key={t.id} hover sx={{ opacity: t.isEnabled ? 1 : 0.7 }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={`/isss/request-configuration/edit/${t.id}`}>
                      {t.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <code>{t.code}</code>
                  </TableCell>
                  <TableCell>{t.visaScope}</TableCell>
                  <TableCell>{t.starters.map((s) => STARTER_LABELS[s] ?? s).join(', ') || 'Nobody'}</TableCell>
                  <TableCell>{t.questionnaireIds.length || '—'}</TableCell>
                  <TableCell>{wfName(t.workflowId)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={t.isEnabled ? 'success' : 'default'}
                      label={t.isEnabled ? 'Enabled' : 'Disabled'}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
