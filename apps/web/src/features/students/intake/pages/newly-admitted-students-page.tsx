import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Chip, FormControl, InputLabel, Link, MenuItem, Paper, Select, Typography } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { can, studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { actorOf } from '../../../../shells/common/menu';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { PageHeader } from '../../../../ui/page-header';
import { useGetCurrentUser } from '../../../auth';
import { useInviteStudents } from '../api/invite-students';
import { useListNewlyAdmitted } from '../api/newly-admitted';
import { InviteResultsDialog } from '../components/invite-results-dialog';

type TRow = studentsApi.TNewlyAdmittedStudent;
const FILTERS = { q: '', invitation: 'all' };

function InvitationCell({ r }: { r: TRow }) {
  const { formatDateTime } = useFormatDates();
  if (!r.hasAccount) return <Chip size="small" variant="outlined" label="Not invited" />;
  return <Typography variant="body2">{formatDateTime(r.invitedAt) || 'Account created'}</Typography>;
}

/** #/isss/newly-admitted-students (Actions > Newly Admitted Students): invite new students to the portal. */
export function NewlyAdmittedStudentsPage() {
  const { formatDate, formatDateTime } = useFormatDates();
  useDocumentTitle('Newly Admitted Students');
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayInvite = can(actor, 'students.manage');
  // The address has always called the sort order 'dir' here.
  const table = useUrlTable({ filters: FILTERS, sorts: studentsApi.NEWLY_ADMITTED_SORTS, sort: 'lastName', order: 'asc', orderKey: 'dir' });
  const { filters, setFilters } = table;
  const query: studentsApi.TNewlyAdmittedQuery = useMemo(
    () => ({
      q: filters.q.slice(0, 100) || undefined,
      invitation: filters.invitation === 'not_invited' || filters.invitation === 'invited' ? filters.invitation : 'all',
      sort: table.sort,
      dir: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListNewlyAdmitted(query);
  const invite = useInviteStudents();
  const [selected, setSelected] = useState<Map<string, TRow>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ out: studentsApi.TBulkInviteOutput; names: Map<string, string> } | null>(null);

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

  const columns: TColumn<TRow>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: mayInvite ? (
        <Checkbox
          checked={allOnPage}
          indeterminate={!allOnPage && selectable.some((r) => selected.has(r.profileId))}
          disabled={selectable.length === 0}
          onChange={togglePage}
          slotProps={{ input: { 'aria-label': 'Select every student on this page' } }}
        />
      ) : null,
      cell: (r) =>
        mayInvite ? (
          <Checkbox
            checked={selected.has(r.profileId)}
            disabled={!r.canInvite}
            onChange={() => toggle(r)}
            slotProps={{ input: { 'aria-label': `Select ${r.lastName}, ${r.firstName}` } }}
          />
        ) : null,
    },
    {
      key: 'name',
      header: 'Name',
      sort: 'lastName',
      isRowHeader: true,
      noWrap: true,
      sx: { fontWeight: 600 },
      cell: (r) => <Link href={`#/isss/student-profile/${r.profileId}`}>{`${r.lastName}, ${r.firstName}`}</Link>,
    },
    {
      key: 'email',
      header: 'E-mail',
      sort: 'email',
      noWrap: true,
      cell: (r) =>
        r.email || (
          <Typography variant="body2" color="error.main" component="span">
            No e-mail
          </Typography>
        ),
    },
    { key: 'sevis', header: 'SEVIS ID', noWrap: true, cell: (r) => r.sevisId ?? '—' },
    { key: 'visa', header: 'Visa', cell: (r) => r.visaType },
    { key: 'site', header: 'Campus site', sort: 'campusSite', cell: (r) => r.campusSite ?? '—' },
    { key: 'start', header: 'Program start', sort: 'programStartDate', cell: (r) => formatDate(r.programStartDate) || '—' },
    { key: 'invited', header: 'Invited', sort: 'invitedAt', noWrap: true, cell: (r) => <InvitationCell r={r} /> },
    { key: 'login', header: 'Last sign-in', sort: 'lastLoginAt', noWrap: true, cell: (r) => formatDateTime(r.lastLoginAt) || 'Never' },
  ];

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
          <SearchField value={filters.q} onChange={(q) => setFilters({ q })} placeholder="Name, e-mail, SEVIS ID or campus ID" />
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="invitation-label">Invitation</InputLabel>
            <Select
              labelId="invitation-label"
              label="Invitation"
              value={query.invitation}
              onChange={(e) => setFilters({ invitation: e.target.value })}
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
        <DataTable
          label="Newly admitted students"
          columns={columns}
          rows={list.data?.items}
          rowKey={(r) => r.profileId}
          rowProps={(r) => ({ selected: selected.has(r.profileId) })}
          query={list}
          loadingLabel="Loading students"
          errorText="The list could not be loaded."
          empty={
            query.q || query.invitation !== 'all'
              ? 'No student matches these filters.'
              : 'No newly admitted students are waiting for an invitation.'
          }
          minWidth={1000}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
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
