import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import { EMPLOYMENT_TIME_LOOKUP, FULL_TIME_CODE, OPT_PHASES, studentsApi, UNEMPLOYMENT_LEVEL_LABELS } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { visuallyHidden } from '../../../../ui/visually-hidden';
import { LookupText } from '../../../lookups';
import { useListOptStudents } from '../api/opt';
import { EmploymentDialog } from '../components/employment-dialog';
import { phaseLabel } from '../components/opt-format';
import { UnemploymentMeter } from '../components/unemployment-meter';

const FILTERS = { q: '', phase: '', employer: '', level: '' };

function EmployerCell({ s }: { s: studentsApi.TOptStudent }) {
  const { formatDate } = useFormatDates();
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
            {e.jobTitle ? `${e.jobTitle} · ` : ''}since {formatDate(e.startDate)}
            {e.fullOrPartTime && e.fullOrPartTime !== FULL_TIME_CODE ? (
              <>
                {' · '}
                <LookupText lookup={EMPLOYMENT_TIME_LOOKUP} value={e.fullOrPartTime} />
              </>
            ) : null}
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
  const { formatDate } = useFormatDates();
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
        {s.authorizations.map((a) => `${phaseLabel(a.phase)}: ${formatDate(a.startDate)} – ${formatDate(a.endDate)}`).join(' · ')}
      </Typography>
      {s.unemployment ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <strong>Counted as unemployment:</strong>{' '}
          {s.unemployment.gaps.length
            ? s.unemployment.gaps
                .map((g) => `${formatDate(g.from)} – ${formatDate(g.to)} (${g.days} ${g.days === 1 ? 'day' : 'days'})`)
                .join('; ')
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
                  {formatDate(e.startDate)} – {e.endDate ? formatDate(e.endDate) : 'present'}
                </TableCell>
                <TableCell>
                  <LookupText lookup={EMPLOYMENT_TIME_LOOKUP} value={e.fullOrPartTime} />
                </TableCell>
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
  const { formatDate } = useFormatDates();
  useDocumentTitle('OPT Students & Employers');
  const table = useUrlTable({ filters: FILTERS, sorts: studentsApi.OPT_STUDENT_SORTS, sort: 'name', order: 'asc' });
  const { filters, setFilters } = table;
  const query: studentsApi.TListOptStudentsQuery = useMemo(
    () => ({
      q: filters.q || undefined,
      employer: filters.employer || undefined,
      phase: OPT_PHASES.find((p) => p.code === filters.phase)?.code ?? undefined,
      level: studentsApi.UNEMPLOYMENT_LEVELS.find((l) => l === filters.level),
      sort: table.sort,
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListOptStudents(query);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<{ student: studentsApi.TOptStudent; employment: studentsApi.TOptEmployment | null } | null>(null);

  const columns: TColumn<studentsApi.TOptStudent>[] = [
    {
      key: 'expand',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Employment periods
        </Box>
      ),
      sx: { width: 48 },
      cell: (s) => {
        const isOpen = !!open[s.profileId];
        return (
          <IconButton
            size="small"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Hide' : 'Show'} employment periods of ${s.firstName} ${s.lastName}`}
            onClick={() => setOpen((o) => ({ ...o, [s.profileId]: !isOpen }))}
          >
            {isOpen ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        );
      },
    },
    {
      key: 'name',
      header: 'Student',
      sort: 'name',
      isRowHeader: true,
      cell: (s) => (
        <>
          <Link component={RouterLink} to={`/isss/student-profile/${s.profileId}`} sx={{ fontWeight: 600 }}>
            {`${s.lastName}, ${s.firstName}`}
          </Link>
          <Typography variant="caption" component="div" color="text.secondary">
            {[s.sevisId, s.campusSiteName].filter(Boolean).join(' · ')}
          </Typography>
        </>
      ),
    },
    {
      key: 'phase',
      header: 'Phase',
      sort: 'phase',
      cell: (s) => <Chip size="small" variant="outlined" label={phaseLabel(s.phase)} color={s.phase === '03' ? 'primary' : 'default'} />,
    },
    {
      key: 'auth',
      header: 'Authorised until',
      sort: 'authorizationEnd',
      noWrap: true,
      cell: (s) => (
        <>
          {formatDate(s.authorizationEnd)}
          <Typography variant="caption" component="div" color="text.secondary">
            from {formatDate(s.authorizationStart)}
          </Typography>
        </>
      ),
    },
    { key: 'employer', header: 'Current employer', cell: (s) => <EmployerCell s={s} /> },
    {
      key: 'unemployment',
      header: 'Unemployment days',
      sort: 'unemploymentUsed',
      cell: (s) => <UnemploymentMeter value={s.unemployment} />,
    },
  ];

  return (
    <Box>
      <PageHeader
        title="OPT Students & Employers"
        subtitle="Students with current or recent OPT, their employers, and the unemployment days they have used (90 on post-completion OPT, 150 with STEM)."
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter OPT students" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            placeholder="Name or SEVIS ID"
            sx={{ flex: '1 1 240px', maxWidth: 340 }}
          />
          <SearchField
            label="Employer"
            value={filters.employer}
            onChange={(employer) => setFilters({ employer })}
            placeholder="Employer name"
            sx={{ flex: '1 1 200px', maxWidth: 280 }}
          />
          <SelectFilter
            id="opt-phase"
            label="Phase"
            width={170}
            anyLabel="All phases"
            value={query.phase ?? ''}
            onChange={(phase) => setFilters({ phase })}
            options={OPT_PHASES.map((p) => ({ value: p.code, label: p.label }))}
          />
          <SelectFilter
            id="opt-level"
            label="Unemployment"
            width={190}
            anyLabel="Any level"
            value={query.level ?? ''}
            onChange={(level) => setFilters({ level })}
            options={studentsApi.UNEMPLOYMENT_LEVELS.map((l) => ({ value: l, label: UNEMPLOYMENT_LEVEL_LABELS[l] }))}
          />
        </Box>
        <DataTable
          label="OPT students and employers"
          columns={columns}
          rows={list.data?.items}
          rowKey={(s) => s.profileId}
          rowProps={() => ({ sx: { verticalAlign: 'top' } })}
          expansion={(s) =>
            open[s.profileId] ? (
              <EmploymentHistory
                s={s}
                onAdd={() => setEditing({ student: s, employment: null })}
                onEdit={(e) => setEditing({ student: s, employment: e })}
              />
            ) : null
          }
          query={list}
          loadingLabel="Loading OPT students"
          empty="No OPT students match these filters."
          minWidth={900}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
      {editing ? <EmploymentDialog student={editing.student} employment={editing.employment} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
