import { useEffect, useMemo, useState } from 'react';
import { Box, Button, FormControl, InputAdornment, InputLabel, MenuItem, Paper, Select, TextField } from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Search from '@mui/icons-material/Search';
import { can, peopleApi, type TListStaffQuery, type TStaffMember } from '@meridian/domain';
import { useCurrentUser } from '../../auth';
import { useStaffList } from '../api/list-staff';
import { useCampusSites } from '../api/list-campus-sites';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useReactivateStaff } from '../api/reactivate-staff';
import { useResendStaffInvitation } from '../api/resend-staff-invitation';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { displayName } from '../../../ui/display-name';
import { snack } from '../../../ui/notify';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { StaffTable, type TStaffAction, type TStaffSort } from '../components/staff-table';
import { InviteStaffDialog } from '../components/invite-staff-dialog';
import { StaffMemberDialog, type TStaffDialogTab } from '../components/staff-member-dialog';

const DEFAULTS = { q: '', status: 'active', sort: 'lastName', order: 'asc', page: '1', pageSize: '10' };

/** The address filters, checked against the list contract (bad values fall back to defaults). */
function toQuery(f: typeof DEFAULTS): TListStaffQuery {
  const parsed = peopleApi.ZListStaffQuery.safeParse(f);
  return parsed.success ? parsed.data : peopleApi.ZListStaffQuery.parse({ q: f.q.slice(0, 100) });
}

/** #/admin/staff-management (Configuration > Staff Management). */
export function StaffManagementPage() {
  useDocumentTitle('Staff Management');
  const me = useCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'people.staff.manage');
  const maySeeHistory = can(actor, 'audit.history.read');

  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const query = useMemo(() => toQuery(filters), [filters]);
  const list = useStaffList(query);
  const sites = useCampusSites();
  const [search, setSearch] = useState(filters.q);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [open, setOpen] = useState<{ member: TStaffMember; tab: TStaffDialogTab } | null>(null);
  const [toDeactivate, setToDeactivate] = useState<TStaffMember | null>(null);
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const resend = useResendStaffInvitation();

  // Type-ahead search, kept in the address after a short pause.
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const onAction = (action: TStaffAction, m: TStaffMember) => {
    const name = displayName(m);
    if (action === 'edit') setOpen({ member: m, tab: 'permissions' });
    if (action === 'history') setOpen({ member: m, tab: 'history' });
    if (action === 'deactivate') setToDeactivate(m);
    if (action === 'reactivate') reactivate.mutate(m.userId, { onSuccess: () => snack(`${name} was reactivated.`, 'success') });
    if (action === 'resend') resend.mutate(m.userId, { onSuccess: () => snack(`A new invitation was sent to ${m.email}.`, 'success') });
  };

  return (
    <Box>
      <PageHeader
        title="Staff Management"
        subtitle="The office staff who use the admin areas, with their permissions and campus sites."
        actions={
          mayManage ? (
            <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setInviteOpen(true)}>
              Invite staff member
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter staff" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <TextField
            label="Search"
            placeholder="Name, user name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            margin="none"
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
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="staff-status-label">Status</InputLabel>
            <Select
              labelId="staff-status-label"
              label="Status"
              value={query.status}
              onChange={(e) => setFilters({ status: e.target.value, page: '1' })}
            >
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
              <MenuItem value="all">All</MenuItem>
            </Select>
          </FormControl>
        </Box>
        <StaffTable
          items={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          sort={query.sort as TStaffSort}
          order={query.order}
          loading={list.isFetching}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          sites={sites.data}
          mayManage={mayManage}
          maySeeHistory={maySeeHistory}
          selfId={me.data?.userId}
          onSort={(sort, order) => setFilters({ sort, order, page: '1' })}
          onPage={(page, pageSize) => setFilters({ page: String(page), pageSize: String(pageSize) })}
          onAction={onAction}
        />
      </Paper>
      <InviteStaffDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
      {open ? (
        <StaffMemberDialog
          key={open.member.userId}
          member={open.member}
          initialTab={open.tab}
          canEdit={mayManage && open.member.canManage}
          canSeeHistory={maySeeHistory}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDialog
        open={!!toDeactivate}
        title="Deactivate staff member"
        message={
          toDeactivate
            ? `Deactivate ${displayName(toDeactivate)}? They will be signed out everywhere and can no longer log in. You can reactivate them later.`
            : ''
        }
        confirmLabel="Deactivate"
        destructive
        busy={deactivate.isPending}
        onCancel={() => setToDeactivate(null)}
        onConfirm={() => {
          const m = toDeactivate;
          if (!m) return;
          deactivate.mutate(m.userId, {
            onSuccess: () => snack(`${displayName(m)} was deactivated.`, 'success'),
            onSettled: () => setToDeactivate(null),
          });
        }}
      />
    </Box>
  );
}
