import { Fragment, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import { OPT_PHASES, studentsApi, UNEMPLOYMENT_LEVEL_LABELS } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { useOptStudents } from '../api/opt';
import { EmploymentDialog } from '../components/employment-dialog';
import { phaseLabel, usDate } from '../components/opt-format';
import { SortableHead, type TColumn } from '../components/sortable-head';
import { UnemploymentMeter } from '../components/unemployment-meter';
import { useSearchBox } from '../components/use-search-box';

type TSort = (typeof studentsApi.OPT_STUDENT_SORTS)[number];
const DEFAULTS = { q: '', phase: '', employer: '', level: '', sort: 'name', order: 'asc', page: '1', pageSize: '25' };
const COLUMNS: TColumn<TSort>[] = [
  { key: 'expand', label: '', width: 48 },
  { key: 'name', label: 'Student', sort: 'name' },
  { key: 'phase', label: 'Phase', sort: 'phase' },
  { key: 'auth', label: 'Authorised until', sort: 'authorizationEnd' },
  { key: 'employer', label: 'Current employer' },
  { key: 'unemployment', label: 'Unemployment days', sort: 'unemploymentUsed' },
];

function toQuery(f: typeof DEFAULTS): studentsApi.TListOptStudentsQuery {
  const clean = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));
  const parsed = studentsApi.ZListOptStudentsQuery.safeParse(clean);
  return parsed.success ? parsed.data : studentsApi.ZListOptStudentsQuery.parse({});
}

function EmployerCell({ s }: { s: studentsApi.TOptStudent }) {
  const current = s.employments.filter((e) => e.isCurrent);
  if (current.length === 0) {
    return (
      <Typography variant="body2" sx={{ fontStyle: 'italic' }} color="text.secondary">
        No current employer
      </Typography>
    );
  }
  return (
    <Stack spacing={0.25}>
      {current.map((e) => (
        <Box key={e.id}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {e.employerName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {e.jobTitle ? `${e.jobTitle} · ` : ''}since {usDate(e.startDate)}
            {e.fullOrPartTime === '02' ? ' · part time' : ''}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function EmploymentHistory({
  s,
  onEdit,
  onAdd,
}: {
  s: studentsApi.TOptStudent;
  onEdit: (e: studentsApi.TOptEmployment) => void;
  onAdd: () => void;
}) {
  return (
    <Box sx={{ py: 1.5, pl: 7, pr: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h3" component="h3" sx={{ flex: 1 }}>
          Employment periods
        </Typography>
        {s.canEdit ? (
          <Button size="small" variant="outlined" startIcon={<AddBusinessOutlined />} onClick={onAdd}>
            Record employment
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {s.authorizations.map((a) => `${phaseLabel(a.phase)}: ${usDate(a.startDate)} – ${usDate(a.endDate)}`).join(' · ')}
      </Typography>
      {s.unemployment ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <strong>Counted as unemployment:</strong>{' '}
          {s.unemployment.gaps.length
            ? s.unemployment.gaps.map((g) => `${usDate(g.from)} – ${usDate(g.to)} (${g.days} ${g.days === 1 ? 'day' : 'days'})`).join('; ')
            : 'no days so far'}
        </Typography>
      ) : null}
      {s.employments.length === 0 ? (
        <Typography variant="body2">No employer recorded: every authorised day so far counts as unemployment.</Typography>
      ) : (
        <Table size="small" aria-label={`Employment periods of ${s.firstName} ${s.lastName}`}>
          <TableBody>
            {s.employments.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ fontWeight: 600 }}>{e.employerName}</TableCell>
                <TableCell>EIN {e.employerEin || '—'}</TableCell>
                <TableCell>{e.jobTitle}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {usDate(e.startDate)} – {e.endDate ? usDate(e.endDate) : 'present'}
                </TableCell>
                <TableCell>{e.fullOrPartTime === '02' ? 'Part time' : 'Full time'}</TableCell>
                <TableCell>{phaseLabel(e.phase)}</TableCell>
                <TableCell align="right">
                  {s.canEdit ? (
                    <Tooltip title={`Edit ${e.employerName}`}>
                      <IconButton size="small" aria-label={`Edit employment at ${e.employerName}`} onClick={() => onEdit(e)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** #/isss/opt-stem-students-and-employers (OPT Management > OPT Students & Employers). */
export function OptStudentsPage() {
  useDocumentTitle('OPT Students & Employers');
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const query = useMemo(() => toQuery(filters), [filters]);
  const list = useOptStudents(query);
  const [q, setQ] = useSearchBox(filters.q, (v) => setFilters({ q: v, page: '1' }));
  const [employer, setEmployer] = useSearchBox(filters.employer, (v) => setFilters({ employer: v, page: '1' }));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<{ student: studentsApi.TOptStudent; employment: studentsApi.TOptEmployment | null } | null>(null);

  const items = list.data?.items ?? [];

  return (
    <Box>
      <PageHeader
        title="OPT Students & Employers"
        subtitle="Students with current or recent OPT, their employers, and the unemployment days they have used (90 on post-completion OPT, 150 with STEM)."
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter OPT students" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <TextField
            fullWidth={false}
            label="Search"
            placeholder="Name or SEVIS ID"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            size="small"
            margin="none"
            sx={{ flex: '1 1 240px', maxWidth: 340 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100 },
            }}
          />
          <TextField
            fullWidth={false}
            label="Employer"
            placeholder="Employer name"
            value={employer}
            onChange={(e) => setEmployer(e.target.value)}
            size="small"
            margin="none"
            sx={{ flex: '1 1 200px', maxWidth: 280 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 100 } }}
          />
          <TextField
            select
            fullWidth={false}
            size="small"
            margin="none"
            id="opt-phase"
            sx={{ minWidth: 170 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Phase"
            value={query.phase ?? ''}
            onChange={(e) => setFilters({ phase: e.target.value, page: '1' })}
          >
            <MenuItem value="">All phases</MenuItem>
            {OPT_PHASES.map((p) => (
              <MenuItem key={p.code} value={p.code}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth={false}
            size="small"
            margin="none"
            id="opt-level"
            sx={{ minWidth: 190 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            label="Unemployment"
            value={query.level ?? ''}
            onChange={(e) => setFilters({ level: e.target.value, page: '1' })}
          >
            <MenuItem value="">Any level</MenuItem>
            {studentsApi.UNEMPLOYMENT_LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {UNEMPLOYMENT_LEVEL_LABELS[l]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading OPT students" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="OPT students and employers" sx={{ minWidth: 900 }}>
            <SortableHead
              columns={COLUMNS}
              sort={query.sort}
              order={query.order}
              onSort={(sort, order) => setFilters({ sort, order, page: '1' })}
            />
            <TableBody>
              {items.map((s) => {
                const isOpen = !!open[s.profileId];
                const name = `${s.lastName}, ${s.firstName}`;
                return (
                  <Fragment key={s.profileId}>
                    <TableRow hover sx={{ '& > td, & > th': { borderBottom: isOpen ? 'none' : undefined }, verticalAlign: 'top' }}>
                      <TableCell>
                        <IconButton
                          size="small"
                          aria-expanded={isOpen}
                          aria-label={`${isOpen ? 'Hide' : 'Show'} employment periods of ${s.firstName} ${s.lastName}`}
                          onClick={() => setOpen((o) => ({ ...o, [s.profileId]: !isOpen }))}
                        >
                          {isOpen ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                        </IconButton>
                      </TableCell>
                      <TableCell component="th" scope="row">
                        <Link component={RouterLink} to={`/isss/student-profile/${s.profileId}`} sx={{ fontWeight: 600 }}>
                          {name}
                        </Link>
                        <Typography variant="caption" component="div" color="text.secondary">
                          {[s.sevisId, s.campusSiteName].filter(Boolean).join(' · ')}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={phaseLabel(s.phase)}
                          color={s.phase === '03' ? 'primary' : 'default'}
                        />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {usDate(s.authorizationEnd)}
                        <Typography variant="caption" component="div" color="text.secondary">
                          from {usDate(s.authorizationStart)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <EmployerCell s={s} />
                      </TableCell>
                      <TableCell>
                        <UnemploymentMeter value={s.unemployment} />
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={COLUMNS.length} sx={{ p: 0, borderBottom: isOpen ? undefined : 'none' }}>
                        <Collapse in={isOpen} unmountOnExit>
                          <EmploymentHistory
                            s={s}
                            onAdd={() => setEditing({ student: s, employment: null })}
                            onEdit={(e) => setEditing({ student: s, employment: e })}
                          />
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
              {!list.isFetching && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                    {list.isError ? (
                      <>
                        The list could not be loaded.{' '}
                        <Button size="small" onClick={() => void list.refetch()}>
                          Try again
                        </Button>
                      </>
                    ) : (
                      'No OPT students match these filters.'
                    )}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={Math.max(0, query.page - 1)}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => setFilters({ page: '1', pageSize: e.target.value })}
        />
      </Paper>
      {editing ? <EmploymentDialog student={editing.student} employment={editing.employment} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
