import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  InputAdornment,
  InputLabel,
  Link,
  LinearProgress,
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
import SendOutlined from '@mui/icons-material/SendOutlined';
import { can, studentsApi, usDate } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { actorOf } from '../../../../shells/common/menu';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { formatDateTime } from '../../../../ui/format-date';
import { PageHeader } from '../../../../ui/page-header';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { useCurrentUser } from '../../../auth';
import { useInviteStudents } from '../api/invite-students';
import { useNewlyAdmitted } from '../api/newly-admitted';
import { InviteResultsDialog } from '../components/invite-results-dialog';

type TSort = (typeof studentsApi.NEWLY_ADMITTED_SORTS)[number];
type TRow = studentsApi.TNewlyAdmittedStudent;
const DEFAULTS = { q: '', invitation: 'all', sort: 'lastName', dir: 'asc', page: '1', pageSize: '25' };

const COLUMNS: { key: string; label: string; sort?: TSort }[] = [
  { key: 'name', label: 'Name', sort: 'lastName' },
  { key: 'email', label: 'E-mail', sort: 'email' },
  { key: 'sevis', label: 'SEVIS ID' },
  { key: 'visa', label: 'Visa' },
  { key: 'site', label: 'Campus site', sort: 'campusSite' },
  { key: 'start', label: 'Program start', sort: 'programStartDate' },
  { key: 'invited', label: 'Invited', sort: 'invitedAt' },
  { key: 'login', label: 'Last sign-in', sort: 'lastLoginAt' },
];

function toQuery(f: typeof DEFAULTS): studentsApi.TNewlyAdmittedQuery {
  const parsed = studentsApi.ZNewlyAdmittedQuery.safeParse(f);
  return parsed.success ? parsed.data : studentsApi.ZNewlyAdmittedQuery.parse({});
}

function InvitationCell({ r }: { r: TRow }) {
  if (!r.hasAccount) return <Chip size="small" variant="outlined" label="Not invited" />;
  return <Typography variant="body2">{formatDateTime(r.invitedAt) || 'Account created'}</Typography>;
}

/** #/isss/newly-admitted-students (Actions > Newly Admitted Students): invite new students to the portal. */
export function NewlyAdmittedStudentsPage() {
  useDocumentTitle('Newly Admitted Students');
  const me = useCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayInvite = can(actor, 'students.manage');
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const query = useMemo(() => toQuery(filters), [filters]);
  const list = useNewlyAdmitted(query);
  const invite = useInviteStudents();
  const [search, setSearch] = useState(filters.q);
  const [selected, setSelected] = useState<Map<string, TRow>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ out: studentsApi.TBulkInviteOutput; names: Map<string, string> } | null>(null);

  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = list.data?.items ?? [];
  const selectable = items.filter((r) => mayInvite && r.canInvite);
  const allOnPage = selectable.length > 0 && selectable.every((r) => selected.has(r.profileId));
  const toggle = (r: TRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(r.profileId)) next.delete(r.profileId);
      else next.set(r.profileId, r);
      return next;
    });
  const togglePage = () =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (allOnPage) selectable.forEach((r) => next.delete(r.profileId));
      else selectable.forEach((r) => next.set(r.profileId, r));
      return next;
    });
  const resendCount = [...selected.values()].filter((r) => r.hasAccount).length;
  const noEmail = [...selected.values()].filter((r) => !r.email).length;

  const send = () => {
    const names = new Map([...selected.values()].map((r) => [r.profileId, `${r.lastName}, ${r.firstName}`]));
    invite.mutate([...selected.keys()], {
      onSuccess: (out) => {
        setConfirming(false);
        setSelected(new Map());
        setResult({ out, names });
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Newly Admitted Students"
        subtitle="Admitted students (SEVIS status Initial) who have no portal account yet or have not signed in. Select students and invite them: each receives an e-mail with a link to set up their account."
        actions={
          mayInvite ? (
            <Button variant="contained" startIcon={<SendOutlined />} disabled={selected.size === 0} onClick={() => setConfirming(true)}>
              Invite to portal{selected.size ? ` (${selected.size})` : ''}
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter newly admitted students" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <TextField
            label="Search"
            placeholder="Name, e-mail, SEVIS ID or campus ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            sx={{ flex: '1 1 280px', maxWidth: 420 }}
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
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="invitation-label">Invitation</InputLabel>
            <Select
              labelId="invitation-label"
              label="Invitation"
              value={query.invitation}
              onChange={(e) => setFilters({ invitation: e.target.value, page: '1' })}
            >
              <MenuItem value="all">All</MenuItem>
              <MenuItem value="not_invited">Not invited yet</MenuItem>
              <MenuItem value="invited">Invited, not signed in</MenuItem>
            </Select>
          </FormControl>
          {selected.size ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" aria-live="polite">
                {selected.size} selected
              </Typography>
              <Button size="small" onClick={() => setSelected(new Map())}>
                Clear selection
              </Button>
            </Box>
          ) : null}
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading students" /> : <Box sx={{ height: 4 }} />}
        {list.isError ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
            The list could not be loaded.
          </Alert>
        ) : null}
        <TableContainer>
          <Table size="small" aria-label="Newly admitted students" sx={{ minWidth: 1000 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  {mayInvite ? (
                    <Checkbox
                      checked={allOnPage}
                      indeterminate={!allOnPage && selectable.some((r) => selected.has(r.profileId))}
                      disabled={selectable.length === 0}
                      onChange={togglePage}
                      slotProps={{ input: { 'aria-label': 'Select every student on this page' } }}
                    />
                  ) : null}
                </TableCell>
                {COLUMNS.map((c) => (
                  <TableCell
                    key={c.key}
                    scope="col"
                    sx={{ whiteSpace: 'nowrap' }}
                    sortDirection={c.sort && query.sort === c.sort ? query.dir : false}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        active={query.sort === c.sort}
                        direction={query.sort === c.sort ? query.dir : 'asc'}
                        onClick={() =>
                          setFilters({ sort: c.sort!, dir: query.sort === c.sort && query.dir === 'asc' ? 'desc' : 'asc', page: '1' })
                        }
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
              {items.map((r) => {
                const name = `${r.lastName}, ${r.firstName}`;
                return (
                  <TableRow key={r.profileId} hover selected={selected.has(r.profileId)}>
                    <TableCell padding="checkbox">
                      {mayInvite ? (
                        <Checkbox
                          checked={selected.has(r.profileId)}
                          disabled={!r.canInvite}
                          onChange={() => toggle(r)}
                          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                        />
                      ) : null}
                    </TableCell>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      <Link href={`#/isss/student-profile/${r.profileId}`}>{name}</Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.email || (
                        <Typography variant="body2" color="error.main" component="span">
                          No e-mail
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.sevisId ?? '—'}</TableCell>
                    <TableCell>{r.visaType}</TableCell>
                    <TableCell>{r.campusSite ?? '—'}</TableCell>
                    <TableCell>{r.programStartDate ? usDate(r.programStartDate) : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <InvitationCell r={r} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.lastLoginAt ? formatDateTime(r.lastLoginAt) : 'Never'}</TableCell>
                  </TableRow>
                );
              })}
              {!list.isPending && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 4, textAlign: 'center' }}>
                    {query.q || query.invitation !== 'all'
                      ? 'No student matches these filters.'
                      : 'No newly admitted students are waiting for an invitation.'}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={query.page - 1}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => setFilters({ pageSize: e.target.value, page: '1' })}
        />
      </Paper>
      <ConfirmDialog
        open={confirming}
        title="Invite to portal"
        message={
          <>
            <Typography component="span" sx={{ display: 'block' }}>
              Send a portal invitation to {selected.size} {selected.size === 1 ? 'student' : 'students'}? Each receives an e-mail with a
              link to set a password; their e-mail address becomes their user name.
            </Typography>
            {resendCount ? (
              <Typography component="span" sx={{ display: 'block', mt: 1 }}>
                {resendCount} already invited will receive a new link (the earlier link stops working).
              </Typography>
            ) : null}
            {noEmail ? (
              <Typography component="span" sx={{ display: 'block', mt: 1 }}>
                {noEmail} without an e-mail address cannot be invited.
              </Typography>
            ) : null}
          </>
        }
        confirmLabel="Send invitations"
        busy={invite.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
      <InviteResultsDialog result={result?.out ?? null} names={result?.names ?? new Map()} onClose={() => setResult(null)} />
    </Box>
  );
}
