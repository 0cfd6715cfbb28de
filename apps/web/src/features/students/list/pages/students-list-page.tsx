import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, FormControl, InputLabel, Link, ListSubheader, MenuItem, Paper, Select, Typography } from '@mui/material';
import { STUDENT_LIST_TITLES, studentsApi, ZStudentListTitle, type TStudentListTitle, type TStudentStage } from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useListStudents, useListStudentTitles } from '../api/list-students';
import { EMPTY_STUDENT_FILTERS, STUDENT_STAGE_NAMES, StudentsListFilters } from '../components/students-list-filters';

type TStudentRow = studentsApi.TStudentListItem;
const TITLE_KEY = 'meridian.studentList.title';
const FILTERS = { title: '', q: '', ...EMPTY_STUDENT_FILTERS };
const GROUPS: { visa: string; label: string }[] = [
  { visa: 'F-1', label: 'F-1 students' },
  { visa: 'All', label: 'All visa types' },
  { visa: 'J-1', label: 'Exchange visitors (J-1)' },
];
const labelOf = (key: string) => STUDENT_LIST_TITLES.find((x) => x.key === key)?.label ?? key;

const COLUMNS: TColumn<TStudentRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    isRowHeader: true,
    cell: (s) => (
      <>
        <Link component={RouterLink} to={`/isss/student-profile/${s.id}`} sx={{ fontWeight: 600 }}>
          {[s.lastName, s.firstName].filter(Boolean).join(', ') || '(no name)'}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {s.email}
        </Typography>
      </>
    ),
  },
  { key: 'sevisId', header: 'SEVIS ID', sort: 'sevisId', noWrap: true, sx: { fontFamily: 'monospace' }, cell: (s) => s.sevisId ?? '—' },
  { key: 'visa', header: 'Visa type', noWrap: true, cell: (s) => s.visaType },
  { key: 'status', header: 'SEVIS status', sort: 'sevisStatus', noWrap: true, cell: (s) => s.sevisStatus },
  { key: 'site', header: 'Campus site', cell: (s) => s.campusSite?.name ?? 'No campus site' },
  { key: 'end', header: 'Program end', sort: 'programEndDate', noWrap: true, cell: (s) => formatDay(s.programEndDate) || '—' },
  { key: 'stage', header: 'Stage', noWrap: true, cell: (s) => STUDENT_STAGE_NAMES[s.stage as TStudentStage] ?? s.stage },
];

/** Student List (#/isss/students-list): a list title, searched, filtered, sorted and paged on the server. */
export function StudentsListPage() {
  useDocumentTitle('Student List');
  return (
    <Box>
      <PageHeader
        title="Student List"
        subtitle="Students of the campus sites you reach. Choose a list, search by name, e-mail, SEVIS ID or campus ID, and open a record."
      />
      <StudentsList />
    </Box>
  );
}

function StudentsList() {
  const table = useUrlTable({ filters: FILTERS, sorts: studentsApi.STUDENT_LIST_SORTS, sort: 'name', order: 'asc' });
  const { filters, setFilters } = table;
  // The list chosen last is remembered (like the request list's tab), once, when the address names none.
  const remembered = useRef(false);
  useEffect(() => {
    if (remembered.current) return;
    remembered.current = true;
    if (filters.title) return;
    const saved = ZStudentListTitle.safeParse(window.localStorage.getItem(TITLE_KEY));
    if (saved.success && saved.data !== 'active') setFilters({ title: saved.data });
  }, [filters.title, setFilters]);
  const title: TStudentListTitle = ZStudentListTitle.safeParse(filters.title).data ?? 'active';
  const query: studentsApi.TListStudentsQuery = useMemo(
    () => ({
      title,
      q: filters.q || undefined,
      campusSiteId: Number(filters.site) || undefined,
      stage: (filters.stage || undefined) as TStudentStage | undefined,
      educationLevel: filters.level || undefined,
      major: filters.major || undefined,
      sevisStatus: (filters.sevis || undefined) as studentsApi.TListStudentsQuery['sevisStatus'],
      tag: filters.tag || undefined,
      programEndFrom: addressDateToIso(filters.endFrom),
      programEndTo: addressDateToIso(filters.endTo),
      sort: table.sort,
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, title, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListStudents(query);
  const titles = useListStudentTitles();
  const counts = new Map((titles.data ?? []).map((x) => [x.key, x.count]));

  const chooseTitle = (key: string) => {
    window.localStorage.setItem(TITLE_KEY, key);
    setFilters({ title: key });
  };
  const { title: _title, q: _q, ...filterValues } = filters;
  const narrowed = !!filters.q || Object.values(filterValues).some((v) => v !== '');
  const total = list.data?.total ?? 0;

  return (
    <Paper variant="outlined">
      <Box role="search" aria-label="Find students" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FormControl size="small" sx={{ minWidth: 320, flex: '1 1 460px', maxWidth: 560 }}>
            <InputLabel id="sl-title">List</InputLabel>
            <Select
              labelId="sl-title"
              label="List"
              value={title}
              onChange={(e) => chooseTitle(e.target.value)}
              renderValue={(v) => `${labelOf(v)}${counts.has(v) ? ` (${counts.get(v)})` : ''}`}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: 480 } } } }}
            >
              {GROUPS.flatMap((g) => [
                <ListSubheader key={`h-${g.visa}`}>{g.label}</ListSubheader>,
                ...STUDENT_LIST_TITLES.filter((x) => x.visa === g.visa).map((x) => (
                  <MenuItem key={x.key} value={x.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 3 }}>
                    <span>{x.label}</span>
                    {counts.has(x.key) ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {counts.get(x.key)}
                      </Typography>
                    ) : null}
                  </MenuItem>
                )),
              ])}
            </Select>
          </FormControl>
          <SearchField value={filters.q} onChange={(q) => setFilters({ q })} placeholder="Name, e-mail, SEVIS ID or campus ID" />
        </Box>
        <StudentsListFilters values={filterValues} onChange={setFilters} />
      </Box>
      <DataTable
        caption={
          <>
            <Typography component="span" variant="subtitle2" color="text.primary">
              {labelOf(title)}
            </Typography>
            {list.data ? (
              <Typography
                component="span"
                variant="body2"
                color="text.secondary"
              >{` — ${total} ${total === 1 ? 'student' : 'students'}${narrowed ? ' match your search and filters' : ''}`}</Typography>
            ) : null}
          </>
        }
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(s) => s.id}
        query={list}
        loadingLabel="Loading students"
        errorText={`The student list could not be loaded. ${list.error?.message ?? ''}`}
        empty={
          <>
            <Typography>
              {narrowed
                ? `No students in “${labelOf(title)}” match your search and filters.`
                : `No students in “${labelOf(title)}” at the campus sites you reach.`}
            </Typography>
            {narrowed ? (
              <Button sx={{ mt: 1 }} onClick={() => setFilters({ q: '', ...EMPTY_STUDENT_FILTERS })}>
                Clear search and filters
              </Button>
            ) : null}
          </>
        }
        minWidth={900}
        total={total}
        paging={table.paging}
        sorting={table.sorting}
      />
    </Paper>
  );
}
