import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Checkbox, Link, Paper, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { canTransition, requestsApi, type TListRequestsQuery, type TRequestSummary } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { DataTable, useUrlTable, type TColumn } from '../../../ui/data-table';
import { addressDateToIso } from '../../../ui/url-filters';
import { snack } from '../../../ui/notify';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { failureMessage, isSessionOrAccess } from '../../../app/errors/failure';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { useListRequests } from '../api/list-requests';
import { useMassApprove } from '../api/mass-approve';
import { useAssignRequest } from '../api/assign-request';
import { StatusChip, reviewStatusLabel } from './status-chip';
import { REQUEST_TABS, tabOfStatus } from './request-tabs';
import { REQUEST_LIST_FILTERS, RequestListFilters } from './request-list-filters';

// In approver review only an override approves, one request at a time on its page.
const approvable = (r: TRequestSummary) => canTransition(r.status, 'approve') && r.status !== 'adv_review';

/**
 * The staff request list (#/isss/students-request-list and #/admin/requests): tabs by status group
 * (remembered per area), filters in the address, paging and sorting on the server, row actions.
 */
export function RequestList({
  area,
  detailPath,
  selfId,
}: {
  area: 'isss' | 'admin';
  detailPath: (id: string) => string;
  selfId?: string | undefined;
}) {
  const { formatDate } = useFormatDates();
  const tabKey = `meridian.requestList.tab.${area}`;
  const table = useUrlTable({ filters: REQUEST_LIST_FILTERS, sorts: requestsApi.REQUEST_SORTS, sort: 'updatedAt', order: 'desc' });
  const { filters, setFilters } = table;
  // A remembered tab applies once, when the address the page opened with says nothing about status.
  const remembered = useRef(false);
  useEffect(() => {
    if (remembered.current) return;
    remembered.current = true;
    if (filters.status) return;
    const tab = REQUEST_TABS.find((t) => t.key === (window.localStorage.getItem(tabKey) ?? 'open'));
    if (tab && tab.statuses.length) setFilters({ status: tab.statuses.join(',') });
  }, [filters.status, setFilters, tabKey]);

  const query: TListRequestsQuery = useMemo(
    () => ({
      // The area's own requests: students' in the student area, the scholar area's others (docs/product/requests.md#request-lists).
      area: area === 'isss' ? ('student' as const) : ('scholar' as const),
      status: filters.status || undefined,
      type: filters.type || undefined,
      assigned: filters.assigned === 'me' || filters.assigned === 'unassigned' ? filters.assigned : 'anyone',
      reviewStatus: filters.review ? Number(filters.review) : undefined,
      q: filters.q || undefined,
      from: addressDateToIso(filters.from),
      to: addressDateToIso(filters.to),
      sort: table.sort,
      order: table.order,
      page: table.page,
      pageSize: table.pageSize,
      after: table.paging.after,
      before: table.paging.before,
    }),
    [area, filters, table.sort, table.order, table.page, table.pageSize, table.paging.after, table.paging.before],
  );
  const list = useListRequests(query);
  const massApprove = useMassApprove();
  const assign = useAssignRequest();
  // The selection belongs to the rows on screen: another page, sort or filter starts with none.
  const shown = JSON.stringify(query);
  const [selection, setSelection] = useState<{ of: string; ids: string[] }>({ of: shown, ids: [] });
  const selected = selection.of === shown ? selection.ids : [];
  const setSelected = (ids: string[]) => setSelection({ of: shown, ids });
  const [confirmMass, setConfirmMass] = useState(false);
  const [report, setReport] = useState<{ ok: boolean; message: string }[] | null>(null);
  const [massError, setMassError] = useState<string | null>(null);

  const currentTab = filters.status ? tabOfStatus(filters.status) : 'all';
  const selectable = (list.data?.items ?? []).filter(approvable);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.includes(r.id));

  const assignToMe = (r: TRequestSummary) => {
    if (!selfId) return;
    assign.mutate(
      { requestId: r.id, userId: selfId },
      { onSuccess: () => snack(`Request #${r.number} is now assigned to you.`, 'success') },
    );
  };

  const columns: TColumn<TRequestSummary>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: (
        <Checkbox
          slotProps={{ input: { 'aria-label': 'Select every request on this page that can be approved' } }}
          disabled={selectable.length === 0}
          checked={allSelected}
          indeterminate={selected.length > 0 && !allSelected}
          onChange={(e) => setSelected(e.target.checked ? selectable.map((r) => r.id) : [])}
        />
      ),
      cell: (r) => (
        <Checkbox
          disabled={!approvable(r)}
          checked={selected.includes(r.id)}
          slotProps={{ input: { 'aria-label': `Select request #${r.number}` } }}
          onChange={(e) => setSelected(e.target.checked ? [...selected, r.id] : selected.filter((x) => x !== r.id))}
        />
      ),
    },
    {
      key: 'number',
      header: 'Request #',
      sort: 'number',
      isRowHeader: true,
      sx: { fontWeight: 600 },
      cell: (r) => (
        <Link component={RouterLink} to={detailPath(r.id)}>
          #{r.number}
        </Link>
      ),
    },
    {
      // Every row names the person it is about (the student, the scholar), and who asked when that is someone else.
      key: 'subject',
      header: area === 'isss' ? 'Student' : 'Scholar or requester',
      sort: 'requester',
      cell: (r) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.subjectName || '—'}
          </Typography>
          {r.subjectEmail ? (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {r.subjectEmail}
            </Typography>
          ) : null}
          {r.requesterName && r.requesterName !== r.subjectName ? (
            <Typography variant="caption" color="text.secondary" component="div">
              Requested by {r.requesterName}
            </Typography>
          ) : null}
        </>
      ),
    },
    { key: 'type', header: 'Request type', sort: 'type', cell: (r) => r.typeName },
    { key: 'status', header: 'Status', sort: 'status', cell: (r) => <StatusChip status={r.status} caseStatus={r.case} /> },
    { key: 'review', header: 'Review status', noWrap: true, cell: (r) => reviewStatusLabel(r.reviewStatus) },
    {
      key: 'assigned',
      header: 'Assigned to',
      noWrap: true,
      cell: (r) =>
        r.assignedTo?.name ??
        (selfId ? (
          <Tooltip title={`Assign request #${r.number} to me`}>
            <Button size="small" startIcon={<PersonAddAltOutlined fontSize="small" />} onClick={() => assignToMe(r)} sx={{ ml: -0.5 }}>
              Assign to me
            </Button>
          </Tooltip>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            Unassigned
          </Typography>
        )),
    },
    { key: 'submitted', header: 'Submitted', sort: 'submittedAt', noWrap: true, cell: (r) => formatDate(r.submittedAt) || '—' },
    { key: 'updated', header: 'Last change', sort: 'updatedAt', noWrap: true, cell: (r) => formatDate(r.updatedAt) },
  ];

  return (
    <Paper variant="outlined">
      <Tabs
        value={currentTab ?? false}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Request status groups"
        onChange={(_, key: string) => {
          const tab = REQUEST_TABS.find((t) => t.key === key);
          window.localStorage.setItem(tabKey, key);
          setFilters({ status: tab?.statuses.join(',') ?? '' });
        }}
      >
        {REQUEST_TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} />
        ))}
      </Tabs>
      <RequestListFilters
        filters={filters}
        currentTab={currentTab}
        onChange={setFilters}
        searchHint={area === 'isss' ? 'Student name, e-mail or request #' : 'Name, e-mail or request #'}
      >
        <Button variant="contained" startIcon={<DoneAllOutlined />} disabled={selected.length === 0} onClick={() => setConfirmMass(true)}>
          Approve selected{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </RequestListFilters>
      <DataTable
        label="Requests"
        columns={columns}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ selected: selected.includes(r.id) })}
        query={list}
        loadingLabel="Loading requests"
        errorText="The requests could not be loaded."
        empty="No requests match these filters."
        minWidth={940}
        total={list.data?.total ?? 0}
        seek={list.data}
        paging={table.paging}
        sorting={table.sorting}
      />
      <ConfirmDialog
        open={confirmMass}
        title="Approve requests"
        busy={massApprove.isPending}
        message={`Approve ${selected.length} selected ${selected.length === 1 ? 'request' : 'requests'}?`}
        effects={[
          ...(list.data?.items ?? [])
            .filter((r) => selected.includes(r.id))
            .map((r) => `#${r.number} ${r.typeName}: ${r.requesterName || r.requesterEmail}`),
          'A student request changes the student’s record as its type says, and queues its SEVIS update.',
          'Each requester is told by e-mail. A request whose approvers have not approved it is left as it is, and the report says why.',
        ]}
        error={massError}
        confirmLabel={`Approve ${selected.length}`}
        onCancel={() => {
          setConfirmMass(false);
          setMassError(null);
        }}
        onConfirm={() => {
          setMassError(null);
          massApprove.mutate(selected, {
            onSuccess: (res) => {
              setReport(res.results.map((x) => ({ ok: x.ok, message: x.ok ? x.message : `#${x.number ?? '?'}: ${x.message}` })));
              setSelected([]);
              setConfirmMass(false);
            },
            onError: (e) => {
              if (isSessionOrAccess(e)) {
                setConfirmMass(false);
                handleApiError(e);
              } else setMassError(failureMessage(e));
            },
          });
        }}
      />
      {report ? (
        <Box sx={{ p: 2 }} role="status">
          <Alert severity={report.every((r) => r.ok) ? 'success' : 'warning'} onClose={() => setReport(null)}>
            {report.filter((r) => r.ok).length} approved
            {report.some((r) => !r.ok) ? `, ${report.filter((r) => !r.ok).length} not approved:` : '.'}
            {report
              .filter((r) => !r.ok)
              .map((r) => (
                <div key={r.message}>{r.message}</div>
              ))}
          </Alert>
        </Box>
      ) : null}
    </Paper>
  );
}
