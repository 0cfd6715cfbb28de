import { useCallback, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useQueryClient } from '@tanstack/react-query';
import { EDUCATION_LEVELS, isDateOnly, sevisApi, type jobsApi } from '@meridian/domain';
import { formatDay, useFormatDates } from '../../../app/office-dates';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, usePaging, type TColumn } from '../../../ui/data-table';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useListCampusSites } from '../../people';
import { APPLY_RTI_IMPORT_JOB, rtiKey, useApplyRtiImport, useDiscardRtiImport, useGetRtiImport } from '../api/sevis-rti';
import { useFollowedJob } from '../api/sevis-jobs';
import { JobProgress } from '../../jobs';
import { RTI_STATUS } from './rti-import-page';

const STATES = [
  { key: 'all', label: 'All rows' },
  { key: 'changed', label: 'Changed' },
  { key: 'new', label: 'Not in our records' },
  { key: 'error', label: 'Errors' },
  { key: 'unchanged', label: 'Unchanged' },
] as const;
const STATE_CHIP = {
  changed: { label: 'Differs', color: 'warning' },
  new: { label: 'New student', color: 'info' },
  error: { label: 'Error', color: 'error' },
  unchanged: { label: 'Same', color: 'default' },
} as const;
/** ISO dates as MM/DD/YYYY; other values as they are. */
const show = (key: string, v: string) => {
  if (!v) return '—';
  if (/Date$/.test(key) && isDateOnly(v)) return formatDay(v);
  if (key === 'educationLevel') return `${EDUCATION_LEVELS.find((l) => l.code === v)?.label ?? v} (${v})`;
  return v;
};

const ROW_PAGE_SIZES = [25, 50, 100, 200];

/** One RTI row against our record, field by field, the differences in bold. */
function SideBySide({ row: r }: { row: sevisApi.TRtiRow }) {
  return (
    <Table size="small" aria-label={`Row ${r.rowNumber}: our record and RTI side by side`} sx={{ maxWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">Field</TableCell>
          <TableCell scope="col">Our record</TableCell>
          <TableCell scope="col">SEVIS (RTI)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {r.fields.map((f) => (
          <TableRow key={f.key}>
            <TableCell component="th" scope="row">
              {f.label}
            </TableCell>
            <TableCell>{show(f.key, f.ours)}</TableCell>
            <TableCell sx={f.isDifferent ? { fontWeight: 700 } : undefined}>
              {show(f.key, f.rti)}
              {f.isDifferent ? (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  (differs)
                </Typography>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
        {r.fields.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3}>The row has no values to compare.</TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}

/** #/isss/rti-import/:importId: an RTI list side by side with our records; update selected or all, add the students we lack. */
export function RtiImportDetailPage() {
  useDocumentTitle('RTI Import');
  return <Detail />;
}

function Detail() {
  const { formatDateTime } = useFormatDates();
  const { importId = '' } = useParams();
  const [state, setState] = useState<string>('all');
  const paging = usePaging({ pageSize: 25, pageSizes: ROW_PAGE_SIZES });
  const q = useGetRtiImport(importId, { page: paging.page, pageSize: paging.pageSize, state });
  const apply = useApplyRtiImport(importId);
  const discard = useDiscardRtiImport(importId);
  const sites = useListCampusSites();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [siteId, setSiteId] = useState<number | ''>('');
  const [insertNew, setInsertNew] = useState(true);
  const [siteError, setSiteError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'all' | 'selected' | 'discard' | null>(null);
  const qc = useQueryClient();
  // Applying runs on the server as a job; a page reloaded meanwhile finds it again.
  const { jobId, follow, forget } = useFollowedJob(APPLY_RTI_IMPORT_JOB);
  const ended = useCallback(
    (job: jobsApi.TJob) => {
      forget();
      void qc.invalidateQueries({ queryKey: rtiKey });
      void qc.invalidateQueries({ queryKey: ['students'] });
      const parsed = job.status === 'completed' ? sevisApi.ZRtiApplyOutput.safeParse(job.result) : null;
      if (parsed?.success) {
        const out = parsed.data;
        setSelected(new Set());
        snack(
          `${out.import.id === importId ? '' : `${out.import.fileName}: `}${out.updated} record${out.updated === 1 ? '' : 's'} updated, ${out.inserted} added${out.failed ? `, ${out.failed} could not be applied (see the row messages)` : ''}.`,
          out.failed ? 'warning' : 'success',
        );
      } else if (job.error?.fieldErrors?.campusSiteId) setSiteError(job.error.fieldErrors.campusSiteId[0] ?? null);
      else snack(job.error?.message ?? 'The changes could not be applied.', 'error');
    },
    [forget, importId, qc],
  );
  const applying = apply.isPending || !!jobId;

  if (q.isPending) return <PageLoader />;
  if (q.isError || !q.data) return <Alert severity="error">This import was not found.</Alert>;
  const { import: imp, rows } = q.data;
  const isOpen = imp.status !== 'discarded';
  const selectable = (r: sevisApi.TRtiRow) => isOpen && !r.appliedAction && (r.state === 'changed' || r.state === 'new');
  const toggle = (set: Set<string>, id: string) => {
    const n = new Set(set);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    return n;
  };
  const pageSelectable = rows.filter(selectable);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((r) => selected.has(r.id));
  const columns: TColumn<sevisApi.TRtiRow>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: (
        <Checkbox
          slotProps={{ input: { 'aria-label': 'Select every row of this page that can be applied' } }}
          checked={allOnPage}
          disabled={!pageSelectable.length}
          onChange={() =>
            setSelected((s) => {
              const n = new Set(s);
              pageSelectable.forEach((r) => (allOnPage ? n.delete(r.id) : n.add(r.id)));
              return n;
            })
          }
        />
      ),
      cell: (r) =>
        selectable(r) ? (
          <Checkbox
            checked={selected.has(r.id)}
            onChange={() => setSelected((s) => toggle(s, r.id))}
            slotProps={{ input: { 'aria-label': `Select row ${r.rowNumber}` } }}
          />
        ) : null,
    },
    { key: 'row', header: 'Row', cell: (r) => r.rowNumber },
    {
      key: 'student',
      header: 'Student',
      isRowHeader: true,
      cell: (r) =>
        r.profileId ? (
          <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`}>
            {r.name}
          </Link>
        ) : (
          r.name || '—'
        ),
    },
    { key: 'sevisId', header: 'SEVIS ID', sx: { fontFamily: 'monospace' }, cell: (r) => r.sevisId || '—' },
    {
      key: 'state',
      header: 'Comparison',
      cell: (r) =>
        r.appliedAction ? (
          <Chip size="small" color="success" label={r.appliedAction === 'inserted' ? 'Added' : 'Updated'} />
        ) : (
          <Chip size="small" variant="outlined" color={STATE_CHIP[r.state].color} label={STATE_CHIP[r.state].label} />
        ),
    },
    {
      key: 'differences',
      header: 'Differences',
      sx: { maxWidth: 380 },
      cell: (r) => (
        <>
          {r.message ? (
            <Typography variant="body2" color="error">
              {r.message}
            </Typography>
          ) : null}
          {r.appliedAction ? 'Our record now holds the RTI values' : null}
          {!r.appliedAction && r.state === 'changed'
            ? r.fields
                .filter((f) => f.isDifferent)
                .map((f) => f.label)
                .join(', ')
            : null}
          {!r.appliedAction && r.state === 'new' && !r.message ? 'Not in our records' : null}
        </>
      ),
    },
    {
      key: 'details',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Details
        </Box>
      ),
      cell: (r) => {
        const expanded = open.has(r.id);
        return (
          <IconButton
            size="small"
            aria-label={expanded ? `Hide row ${r.rowNumber} side by side` : `Show row ${r.rowNumber} side by side`}
            aria-expanded={expanded}
            onClick={() => setOpen((s) => toggle(s, r.id))}
          >
            {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        );
      },
    },
  ];
  const pending = imp.changedCount + imp.newCount - imp.updatedCount - imp.insertedCount;

  const run = (rowIds: string[]) => {
    setSiteError(null);
    apply.mutate(
      { rowIds, insertNew, campusSiteId: siteId === '' ? null : siteId },
      {
        onSuccess: (job) => {
          setConfirm(null);
          follow(job);
        },
        onError: (e) => {
          setConfirm(null);
          if (isApiError(e) && e.fieldErrors?.campusSiteId) setSiteError(e.fieldErrors.campusSiteId[0] ?? null);
          else snack(isApiError(e) ? e.message : 'The changes could not be applied.', 'error');
        },
      },
    );
  };

  return (
    <Box>
      <PageHeader
        title={`RTI Import: ${imp.fileName}`}
        subtitle={
          <>
            Uploaded by {imp.createdBy} on {formatDateTime(imp.createdAt)} · {imp.rowCount} rows: {imp.changedCount} differ, {imp.newCount}{' '}
            not in our records, {imp.errorCount} with errors · {imp.updatedCount} updated and {imp.insertedCount} added so far
          </>
        }
        actions={
          <>
            <Chip variant="outlined" color={RTI_STATUS[imp.status].color} label={RTI_STATUS[imp.status].label} />
            <Button component={RouterLink} to="/isss/rti-import">
              All imports
            </Button>
          </>
        }
      />
      {isOpen ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <FormControlLabel
              control={<Switch checked={insertNew} onChange={(e) => setInsertNew(e.target.checked)} />}
              label="Add the students we lack"
            />
            <FormControl size="small" sx={{ minWidth: 300 }} error={!!siteError} disabled={!insertNew}>
              <InputLabel id="rti-site-label">Campus site for new records</InputLabel>
              <Select
                labelId="rti-site-label"
                label="Campus site for new records"
                value={siteId}
                onChange={(e) => {
                  setSiteId(e.target.value);
                  setSiteError(null);
                }}
              >
                {(sites.data ?? [])
                  .filter((s) => s.isActive)
                  .map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
              </Select>
              {siteError ? <FormHelperText>{siteError}</FormHelperText> : null}
            </FormControl>
            <Box sx={{ flex: 1 }} />
            <Button variant="outlined" disabled={selected.size === 0 || applying} onClick={() => setConfirm('selected')}>
              Apply selected ({selected.size})
            </Button>
            <Button variant="contained" disabled={pending <= 0 || applying} onClick={() => setConfirm('all')}>
              Apply all
            </Button>
            {imp.status === 'preview' ? (
              <Button color="error" disabled={applying} onClick={() => setConfirm('discard')}>
                Discard
              </Button>
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Records take RTI's value for each field that differs. These changes are recorded in each student's History Log but not sent to
            SEVIS, which already has them.
          </Typography>
          {jobId ? <JobProgress jobId={jobId} label="Applying the RTI list" onEnd={ended} /> : null}
        </Paper>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          This import was discarded; upload the list again to compare it anew.
        </Alert>
      )}

      <Paper variant="outlined">
        <Tabs
          value={state}
          onChange={(_, v: string) => {
            setState(v);
            paging.onPage(1, paging.pageSize);
          }}
          aria-label="Rows by comparison"
          variant="scrollable"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {STATES.map((s) => (
            <Tab key={s.key} value={s.key} label={s.label} />
          ))}
        </Tabs>
        <DataTable
          label="RTI rows compared with our records"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ selected: selected.has(r.id) })}
          expansion={(r) => (open.has(r.id) ? <SideBySide row={r} /> : null)}
          query={q}
          loadingLabel="Loading rows"
          empty="No rows here."
          minWidth={900}
          total={q.data.total}
          paging={paging}
        />
      </Paper>

      <ConfirmDialog
        open={confirm === 'all' || confirm === 'selected'}
        title={confirm === 'all' ? 'Apply every difference?' : `Apply ${selected.size} selected row${selected.size === 1 ? '' : 's'}?`}
        message={
          confirm === 'all'
            ? `Every record that differs takes RTI's values${insertNew ? ', and the students we lack are added' : ''}. Nothing is sent to SEVIS.`
            : "The selected records take RTI's values (selected new students are added). Nothing is sent to SEVIS."
        }
        confirmLabel="Apply"
        busy={apply.isPending}
        onConfirm={() => run(confirm === 'all' ? [] : [...selected])}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        title="Discard this import?"
        message="Nothing more can be applied from it; it stays in the history."
        confirmLabel="Discard"
        destructive
        busy={discard.isPending}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              snack('The import was discarded.', 'success');
            },
            onError: (e) => {
              setConfirm(null);
              snack(isApiError(e) ? e.message : 'Could not discard.', 'error');
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}
