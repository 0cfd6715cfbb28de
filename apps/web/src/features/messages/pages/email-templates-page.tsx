import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { MERGE_RECORD_KIND_LABELS, messagesApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { describeFailure } from '../../../app/errors/failure';
import { useConfirm } from '../../../ui/confirm-dialog';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { useListEmailTemplates, useResetSystemEmail } from '../api/email-templates';

/** Where a template opens: a system message by its key, an office template by its id. */
export const templatePath = (t: { id: string | null; key: string | null; isSystem: boolean }) =>
  t.isSystem ? `/admin/email-templates/system/${t.key}` : `/admin/email-templates/${t.id}`;

/** Email Templates (docs/product/messages.md#e-mail-templates): the system's messages and the office's own templates. */
export function EmailTemplatesPage() {
  useDocumentTitle('Email Templates');
  const { formatDateTime } = useFormatDates();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<'all' | 'system' | 'office'>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const list = useListEmailTemplates({ ...(q.trim() ? { q: q.trim() } : {}), kind, page: page + 1, pageSize });
  const reset = useResetSystemEmail();
  const { ask, dialog } = useConfirm();

  const onReset = async (t: messagesApi.TEmailTemplateSummary) => {
    const ok = await ask({
      title: `Reset “${t.name}” to default?`,
      message: 'The portal goes back to its own wording of this message. Your edits stay in its versions and can be restored.',
      confirmLabel: 'Reset to default',
    });
    if (!ok || !t.key) return;
    reset.mutate(t.key, {
      onSuccess: () => snack(messagesApi.MSG_EMAIL_TEMPLATES.reset, 'success'),
      onError: (e) => snack(describeFailure(e).message, 'error'),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Email Templates"
        subtitle="The messages the portal sends, in your office's words, and your own templates with merge tags."
        actions={
          <Button component={RouterLink} to="/admin/email-templates/new" variant="contained" startIcon={<AddOutlined />}>
            New template
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          label="Search by name or subject"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: 280 }}
        />
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="template-kind-label">Show</InputLabel>
          <Select
            labelId="template-kind-label"
            label="Show"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPage(0);
            }}
          >
            <MenuItem value="all">All templates</MenuItem>
            <MenuItem value="system">System messages</MenuItem>
            <MenuItem value="office">Office templates</MenuItem>
          </Select>
        </FormControl>
      </Box>
      {list.isError ? <Alert severity="error">{describeFailure(list.error).message}</Alert> : null}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Email templates" aria-busy={list.isFetching}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>Written for</TableCell>
                <TableCell>Last saved</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data?.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>No template matches.</TableCell>
                </TableRow>
              ) : null}
              {list.data?.items.map((t) => (
                <TableRow key={t.key ?? t.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={templatePath(t)}>
                      {t.name}
                    </Link>
                    {t.isSystem ? <Chip size="small" label={t.isEdited ? 'System · edited' : 'System'} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{t.subject}</TableCell>
                  <TableCell>{MERGE_RECORD_KIND_LABELS[t.recordKind]}</TableCell>
                  <TableCell>{t.updatedAt ? formatDateTime(t.updatedAt) : 'Default'}</TableCell>
                  <TableCell align="right">
                    {t.isSystem && t.isEdited ? (
                      <Button size="small" onClick={() => void onReset(t)} disabled={reset.isPending}>
                        Reset to default
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </Paper>
      {dialog}
    </Box>
  );
}
