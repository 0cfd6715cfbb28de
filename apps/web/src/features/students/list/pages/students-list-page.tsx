import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  Link,
  ListSubheader,
  MenuItem,
  Paper,
  Select,
  Typography,
} from '@mui/material';
import { can, STUDENT_LIST_TITLES, studentsApi, ZStudentListTitle, type TStudentListTitle, type TStudentStage } from '@meridian/domain';
import { formatDay, useFormatDates, type TOfficeDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useListStudents, useListStudentTitles } from '../api/list-students';
import { EMPTY_STUDENT_FILTERS, STUDENT_STAGE_NAMES, StudentsListFilters } from '../components/students-list-filters';
import { selectionColumn, type TRowSelection } from '../components/row-selection';
import { TagChosenButton } from '../components/tag-chosen-button';
import { GenerateLettersButton } from '../../../letters';
import { useGetCurrentUser } from '../../../auth';
import { actorOf } from '../../../../shells/common/menu';

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

/**
 * When the counts beside the titles were taken, in the office's time zone: the time alone today
 * ("Counts as of 10:42 CST"), with the day otherwise; "updating" while newer counts are being made.
 */
function countedNote(data: studentsApi.TStudentListTitles | undefined, dates: TOfficeDates): string {
  if (!data) return '';
  const at = dates.dayOf(data.countedAt) === dates.today() ? dates.formatTime(data.countedAt) : dates.formatDateTime(data.countedAt);
  return `Counts as of ${at}${data.isRefreshing ? ', updating…' : ''}`;
}

/** The list's title and filters as Email Communications reads them from its address. */
function mailQuery(q: studentsApi.TListStudentsQuery): string {
  const pairs: [string, unknown][] = [
    ['title', q.title],
    ['q', q.q],
    ['campusSiteId', q.campusSiteId],
    ['stage', q.stage],
    ['educationLevel', q.educationLevel],
    ['major', q.major],
    ['sevisStatus', q.sevisStatus],
    ['tag', q.tag],
    ['programEndFrom', q.programEndFrom],
    ['programEndTo', q.programEndTo],
  ];
  return new URLSearchParams(pairs.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
}

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
  // A name searched in one list that is not in it may be in another: count the matches over every title
  // (All students) and offer to search there (docs/product/students-list.md#search-filters-and-sorting).
  const noMatchHere = !!filters.q && title !== 'all' && list.data?.total === 0 && !list.isPlaceholderData;
  const everywhere = useListStudents({ ...query, title: 'all', page: 1, pageSize: 1 }, noMatchHere);
  const titles = useListStudentTitles();
  const counts = new Map((titles.data?.titles ?? []).map((x) => [x.key, x.count]));
  const dates = useFormatDates();
  const counted = countedNote(titles.data, dates);
  // Rows chosen for "Generate letters" (docs/product/letters.md#many-at-once), kept across pages.
  const [selected, setSelected] = useState<TRowSelection>(new Map());
  const columns = useMemo(() => [selectionColumn(list.data?.items ?? [], selected, setSelected), ...COLUMNS], [list.data?.items, selected]);
  // A student template fits any record; an exchange visitor one only J-1 records.
  const chosenKind = selected.size > 0 && [...selected.values()].every((v) => v === 'J-1') ? undefined : 'student';

  const me = useGetCurrentUser();
  const canMail = can(me.data ? actorOf(me.data) : null, 'messages.mass.send');
  const canTag = can(me.data ? actorOf(me.data) : null, 'students.manage');
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
              SelectDisplayProps={counted ? { 'aria-describedby': 'sl-title-counted' } : {}}
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
            {counted ? <FormHelperText id="sl-title-counted">{counted}</FormHelperText> : null}
          </FormControl>
          <SearchField value={filters.q} onChange={(q) => setFilters({ q })} placeholder="Name, e-mail, SEVIS ID or campus ID" />
        </Box>
        <StudentsListFilters values={filterValues} onChange={setFilters} />
        {canMail ? (
          <Box>
            {/* The list's title and filters go to Email Communications (docs/product/messages.md#choosing-recipients). */}
            <Button component={RouterLink} size="small" variant="outlined" to={`/isss/email-communications?${mailQuery(query)}`}>
              Send e-mail to this list
            </Button>
          </Box>
        ) : null}
      </Box>
      {noMatchHere ? (
        // Above the table, not in its empty row: on a phone the table scrolls sideways and its middle is off screen.
        <Alert
          severity="info"
          role="status"
          sx={{ mx: 2, mb: 1 }}
          action={
            everywhere.data?.total ? (
              <Button color="inherit" size="small" variant="outlined" onClick={() => setFilters({ title: 'all' })}>
                Search all students
              </Button>
            ) : undefined
          }
        >
          {everywhere.data
            ? everywhere.data.total === 0
              ? `No student of any list matches “${filters.q}” either.`
              : `${everywhere.data.total} ${everywhere.data.total === 1 ? 'student matches' : 'students match'} “${filters.q}” in ${labelOf('all')}.`
            : `Looking for “${filters.q}” in ${labelOf('all')}…`}
        </Alert>
      ) : null}
      {selected.size > 0 ? (
        <Box
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mx: 2, mb: 1 }}
          role="region"
          aria-label="Chosen students"
        >
          <Typography variant="body2">{selected.size} chosen</Typography>
          <GenerateLettersButton recordIds={[...selected.keys()]} kind={chosenKind} />
          {canTag ? <TagChosenButton profileIds={[...selected.keys()]} /> : null}
          <Button size="small" onClick={() => setSelected(new Map())}>
            Clear choice
          </Button>
        </Box>
      ) : null}
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
        columns={columns}
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
