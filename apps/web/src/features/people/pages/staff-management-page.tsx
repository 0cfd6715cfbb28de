import { useMemo, useState } from 'react';
import { Box, Button, FormControl, InputLabel, MenuItem, Paper, Select } from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { can, peopleApi, reachesPersonSites, staffProfileSites, type TListStaffQuery, type TStaffMember } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useGetCurrentUser } from '../../auth';
import { useListStaff } from '../api/list-staff';
import { useListCampusSites } from '../api/list-campus-sites';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useReactivateStaff } from '../api/reactivate-staff';
import { useResendStaffInvitation } from '../api/resend-staff-invitation';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { displayName } from '../../../ui/display-name';
import { snack } from '../../../ui/notify';
import { DataTable, SearchField, useUrlTable } from '../../../ui/data-table';
import { staffColumns, type TStaffAction } from '../components/staff-columns';
import { InviteStaffDialog } from '../components/invite-staff-dialog';
import { StaffMemberDialog, type TStaffDialogTab } from '../components/staff-member-dialog';

/** #/admin/staff-management (Configuration > Staff Management). */
export function StaffManagementPage() {
  const dates = useFormatDates();
  useDocumentTitle('Staff Management');
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'people.staff.manage');
  // A staff member's History Log (sign-ins, addresses) is staff data of their campus sites
  // (docs/product/audit.md#who-reads-which-history-log): the server answers 404 beyond them.
  const maySeeHistory = (m: TStaffMember) =>
    can(actor, 'audit.history.read') && reachesPersonSites(me.data?.staff ?? null, staffProfileSites(m.permissions));

  const table = useUrlTable({
    filters: { q: '', status: 'active' },
    sorts: peopleApi.STAFF_SORTS,
    sort: 'lastName',
    order: 'asc',
    pageSize: 10,
  });
  const { filters, setFilters } = table;
  const query: TListStaffQuery = useMemo(
    () => ({
      q: filters.q.slice(0, 100),
      status: filters.status === 'inactive' || filters.status === 'all' ? filters.status : 'active',
      sort: table.sort,
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, table.sort, table.order, table.page, table.pageSize],
  );
  const list = useListStaff(query);
  const sites = useListCampusSites();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [open, setOpen] = useState<{ member: TStaffMember; tab: TStaffDialogTab } | null>(null);
  const [toDeactivate, setToDeactivate] = useState<TStaffMember | null>(null);
  const [toInvite, setToInvite] = useState<TStaffMember | null>(null);
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const resend = useResendStaffInvitation();

  const onAction = (action: TStaffAction, m: TStaffMember) => {
    const name = displayName(m);
    if (action === 'edit') setOpen({ member: m, tab: 'permissions' });
    if (action === 'history') setOpen({ member: m, tab: 'history' });
    if (action === 'deactivate') setToDeactivate(m);
    if (action === 'reactivate') reactivate.mutate(m.userId, { onSuccess: () => snack(`${name} was reactivated.`, 'success') });
    if (action === 'resend') setToInvite(m);
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
          <SearchField value={filters.q} onChange={(q) => setFilters({ q })} placeholder="Name, user name or e-mail" />
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="staff-status-label">Status</InputLabel>
            <Select
              labelId="staff-status-label"
              label="Status"
              value={query.status}
              onChange={(e) => setFilters({ status: e.target.value })}
            >
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
              <MenuItem value="all">All</MenuItem>
            </Select>
          </FormControl>
        </Box>
        <DataTable
          label="Staff members"
          columns={staffColumns({ sites: sites.data, mayManage, maySeeHistory, selfId: me.data?.userId, onAction, dates })}
          rows={list.data?.items}
          rowKey={(m) => m.userId}
          rowProps={(m) => ({ sx: { opacity: m.isActive ? 1 : 0.7 } })}
          query={list}
          loadingLabel="Loading staff"
          errorText="The staff list could not be loaded."
          empty="No staff members match these filters."
          minWidth={960}
          total={list.data?.total ?? 0}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
      <InviteStaffDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
      {open ? (
        <StaffMemberDialog
          key={open.member.userId}
          member={open.member}
          initialTab={open.tab}
          canEdit={mayManage && open.member.canManage}
          canSeeHistory={maySeeHistory(open.member)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDialog
        open={!!toInvite}
        title="Send the invitation again"
        message={toInvite ? `Send ${displayName(toInvite)} a new invitation (${toInvite.email})?` : ''}
        effects={['They are e-mailed a new link to choose their password; the earlier link stops working.']}
        confirmLabel="Send invitation"
        busy={resend.isPending}
        onCancel={() => setToInvite(null)}
        onConfirm={() => {
          const m = toInvite;
          if (!m) return;
          resend.mutate(m.userId, {
            onSuccess: () => snack(`A new invitation was sent to ${m.email}.`, 'success'),
            onSettled: () => setToInvite(null),
          });
        }}
      />
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
