import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  Link,
  ListSubheader,
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
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import { STUDENT_LIST_TITLES, studentsApi, ZStudentListTitle, type TStudentListTitle, type TStudentStage } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useStudentList, useStudentListTitles } from '../api/list-students';
import {
  EMPTY_STUDENT_FILTERS,
  STUDENT_STAGE_NAMES,
  StudentsListFilters,
  type TStudentListFilterValues,
} from '../components/students-list-filters';

type TSort = studentsApi.TStudentListSort;
const TITLE_KEY = 'meridian.studentList.title';
const DEFAULTS = { title: '', q: '', ...EMPTY_STUDENT_FILTERS, sort: 'name', order: 'asc', page: '1', pageSize: '25' };
const COLUMNS: { key: string; label: string; sort?: TSort }[] = [
  { key: 'name', label: 'Name', sort: 'name' },
  { key: 'sevisId', label: 'SEVIS ID', sort: 'sevisId' },
  { key: 'visa', label: 'Visa type' },
  { key: 'status', label: 'SEVIS status', sort: 'sevisStatus' },
  { key: 'site', label: 'Campus site' },
  { key: 'end', label: 'Program end', sort: 'programEndDate' },
  { key: 'stage', label: 'Stage' },
];
const GROUPS: { visa: string; label: string }[] = [
  { visa: 'F-1', label: 'F-1 students' },
  { visa: 'All', label: 'All visa types' },
  { visa: 'J-1', label: 'Exchange visitors (J-1)' },
];
const labelOf = (key: string) => STUDENT_LIST_TITLES.find((x) => x.key === key)?.label ?? key;
/** ISO date (YYYY-MM-DD) as MM/DD/YYYY, without passing through a time zone. */
const usDate = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—');

/** Student List (#/isss/students-list): a list title of spec 000 s2, searched, filtered, sorted and paged on the server. */
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
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  // The list chosen last is remembered (like the request list's tab) when the address names none.
  useEffect(() => {
    if (filters.title) return;
    const saved = ZStudentListTitle.safeParse(window.localStorage.getItem(TITLE_KEY));
    if (saved.success && saved.data !== 'active') setFilters({ title: saved.data });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const title: TStudentListTitle = ZStudentListTitle.safeParse(filters.title).data ?? 'active';
  const page = Math.max(1, Number(filters.page) || 1);
  const pageSize = [10, 25, 50, 100].includes(Number(filters.pageSize)) ? Number(filters.pageSize) : 25;
  const sort: TSort = (studentsApi.STUDENT_LIST_SORTS as readonly string[]).includes(filters.sort) ? (filters.sort as TSort) : 'name';
  const order = filters.order === 'desc' ? 'desc' : 'asc';
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
      sort,
      order,
      page,
      pageSize,
    }),
    [filters, title, sort, order, page, pageSize],
  );
  const list = useStudentList(query);
  const titles = useStudentListTitles();
  const counts = new Map((titles.data ?? []).map((x) => [x.key, x.count]));

  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const chooseTitle = (key: string) => {
    window.localStorage.setItem(TITLE_KEY, key);
    setFilters({ title: key, page: '1' });
  };
  const filterValues: TStudentListFilterValues = {
    site: filters.site,
    stage: filters.stage,
    level: filters.level,
    major: filters.major,
    sevis: filters.sevis,
    tag: filters.tag,
    endFrom: filters.endFrom,
    endTo: filters.endTo,
  };
  const narrowed = !!filters.q || Object.values(filterValues).some((v) => v !== '');
  const items = list.data?.items ?? [];
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
          <TextField
            label="Search"
            placeholder="Name, e-mail, SEVIS ID or campus ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            margin="none"
            sx={{ flex: '1 1 280px', maxWidth: 420 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100, type: 'search' },
            }}
          />
        </Box>
        <StudentsListFilters values={filterValues} onChange={(patch) => setFilters({ ...patch, page: '1' })} />
      </Box>
      {list.isFetching ? <LinearProgress aria-label="Loading students" /> : <Box sx={{ height: 4 }} />}
      {list.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          The student list could not be loaded. {(list.error as Error).message}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" sx={{ minWidth: 900 }}>
          <caption style={{ captionSide: 'top', padding: '8px 16px' }}>
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
          </caption>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.key}
                  scope="col"
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  sortDirection={c.sort && sort === c.sort ? order : false}
                >
                  {c.sort ? (
                    <TableSortLabel
                      active={sort === c.sort}
                      direction={sort === c.sort ? order : 'asc'}
                      onClick={() => setFilters({ sort: c.sort!, order: sort === c.sort && order === 'asc' ? 'desc' : 'asc', page: '1' })}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((s) => (
              <TableRow key={s.id} hover>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={`/isss/student-profile/${s.id}`} sx={{ fontWeight: 600 }}>
                    {[s.lastName, s.firstName].filter(Boolean).join(', ') || '(no name)'}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {s.email}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>{s.sevisId ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.visaType}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.sevisStatus}</TableCell>
                <TableCell>{s.campusSite?.name ?? 'No campus site'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(s.programEndDate)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{STUDENT_STAGE_NAMES[s.stage as TStudentStage] ?? s.stage}</TableCell>
              </TableRow>
            ))}
            {list.isSuccess && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                  <Typography>
                    {narrowed
                      ? `No students in “${labelOf(title)}” match your search and filters.`
                      : `No students in “${labelOf(title)}” at the campus sites you reach.`}
                  </Typography>
                  {narrowed ? (
                    <Button
                      sx={{ mt: 1 }}
                      onClick={() => {
                        setSearch('');
                        setFilters({ q: '', ...EMPTY_STUDENT_FILTERS, page: '1' });
                      }}
                    >
                      Clear search and filters
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
        onRowsPerPageChange={(e) => setFilters({ pageSize: e.target.value, page: '1' })}
      />
    </Paper>
  );
}
