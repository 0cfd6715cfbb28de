import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { identityLinksApi as A } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { useConfirm } from '../../../ui/confirm-dialog';
import { snack, toast } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { useListIdentityLinks, useUnlinkRecord } from '../api/identity-links';
import { BulkLinkDialog } from '../components/bulk-link-dialog';
import { ExternalIdDialog } from '../components/external-id-dialog';
import { LinkRecordDialog } from '../components/link-record-dialog';

type TRow = A.TIdentityLinkRow;

const FILTERS = { q: '', kind: '', state: '' };
const KIND_OPTIONS = A.IDENTITY_LINK_KINDS.map((k) => ({ value: k, label: A.IDENTITY_LINK_KIND_LABELS[k] }));
const STATE_OPTIONS = A.IDENTITY_LINK_STATES.map((s) => ({ value: s, label: A.IDENTITY_LINK_STATE_LABELS[s] }));
const oneOf = <T extends string>(list: readonly T[], v: string): T | undefined => (list.includes(v as T) ? (v as T) : undefined);
/** Something missing: the words in the body's colour (readable on any row), marked by a warning sign. */
const Missing = ({ children }: { children: React.ReactNode }) => (
  <Stack component="span" direction="row" spacing={0.5} alignItems="center">
    <WarningAmberOutlined fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
    <span>{children}</span>
  </Stack>
);
const dash = (
  <Typography component="span" color="text.secondary">
    —
  </Typography>
);

interface TActions {
  setId: (r: TRow) => void;
  link: (r: TRow) => void;
  unlink: (r: TRow) => void;
}

const columnsFor = (act: TActions): TColumn<TRow>[] => [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    isRowHeader: true,
    cell: (r) => (
      <Box>
        {r.lastName}, {r.firstName}
        {!r.isActive ? <Chip size="small" label="Deactivated" sx={{ ml: 1 }} /> : null}
        <Typography variant="body2" color="text.secondary">
          {r.userName}
        </Typography>
      </Box>
    ),
  },
  { key: 'email', header: 'E-mail', sort: 'email', cell: (r) => r.email },
  { key: 'kind', header: 'Kind', cell: (r) => A.IDENTITY_LINK_KIND_LABELS[r.kind] },
  { key: 'site', header: 'Campus site', cell: (r) => r.campusSiteName ?? dash },
  {
    key: 'record',
    header: 'Linked record',
    cell: (r) =>
      r.record ? (
        <Box>
          {r.record.name}
          <Typography variant="body2" color="text.secondary">
            {r.kind === 'student' ? 'Student record' : 'Scholar'}
            {r.record.placeName ? `, ${r.record.placeName}` : ''}
          </Typography>
        </Box>
      ) : (
        <Missing>No record</Missing>
      ),
  },
  {
    key: 'externalId',
    header: 'SIS / HR ID',
    noWrap: true,
    cell: (r) =>
      r.record?.externalId ? (
        <span>
          {r.record.externalId}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            ({A.EXTERNAL_ID_LABELS[r.kind]})
          </Typography>
        </span>
      ) : r.record ? (
        <Missing>No {A.EXTERNAL_ID_LABELS[r.kind]}</Missing>
      ) : (
        dash
      ),
  },
  {
    key: 'sso',
    header: 'Single sign-on',
    cell: (r) =>
      r.sso ? (
        <span title={`${r.sso.provider === 'saml' ? 'SAML attribute' : 'OpenID Connect claim'} ${r.sso.claim}`}>
          {r.sso.identifier}
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {r.sso.provider === 'saml' ? 'SAML' : 'OpenID Connect'}: {r.sso.claim}
          </Typography>
        </span>
      ) : (
        dash
      ),
  },
  {
    key: 'actions',
    header: <Box component="span">Actions</Box>,
    cell: (r) => {
      const who = `${r.firstName} ${r.lastName}`;
      return (
        <Stack direction="row" spacing={1}>
          {r.record ? (
            <>
              <Button
                size="small"
                onClick={() => act.setId(r)}
                aria-label={`${r.record.externalId ? 'Change' : 'Set'} the ${A.EXTERNAL_ID_LABELS[r.kind]} of ${who}`}
              >
                {r.record.externalId ? 'Change ID' : 'Set ID'}
              </Button>
              <Button size="small" color="error" onClick={() => act.unlink(r)} aria-label={`Unlink ${who} from their record`}>
                Unlink
              </Button>
            </>
          ) : (
            <Button size="small" onClick={() => act.link(r)} aria-label={`Link ${who} to a record`}>
              Link
            </Button>
          )}
        </Stack>
      );
    },
  },
];

/**
 * #/isss/integrated-user-tools (Actions > Integrated User Tool): which portal account is which student record or
 * scholar, with the SIS and HR ids and the single sign-on identity (docs/product/integrated-user-tool.md).
 */
export function IntegratedUserToolPage() {
  useDocumentTitle('Integrated User Tool');
  const table = useUrlTable({ filters: FILTERS, sorts: A.IDENTITY_LINK_SORTS, sort: 'name', order: 'asc' });
  const { filters, setFilters } = table;
  const list = useListIdentityLinks({
    page: table.page,
    pageSize: table.pageSize,
    after: table.paging.after,
    before: table.paging.before,
    q: filters.q || undefined,
    kind: oneOf(A.IDENTITY_LINK_KINDS, filters.kind),
    state: oneOf(A.IDENTITY_LINK_STATES, filters.state),
    sort: table.sort,
    order: table.order,
  });
  const [editing, setEditing] = useState<TRow | null>(null);
  const [linking, setLinking] = useState<TRow | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const unlink = useUnlinkRecord();
  const confirm = useConfirm();
  const askUnlink = async (r: TRow) => {
    const ok = await confirm.ask({
      title: 'Unlink this account?',
      message: `${r.firstName} ${r.lastName} (${r.userName}) will no longer be linked to ${r.record?.name ?? 'their record'}. The account and the record both stay; you can link them again.`,
      confirmLabel: 'Unlink',
      destructive: true,
    });
    if (!ok) return;
    unlink.mutate(r.userId, {
      onSuccess: () => snack('Account unlinked.', 'success'),
      onError: (e) => toast(isApiError(e) ? e.message : 'The account could not be unlinked.'),
    });
  };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Box>
      <PageHeader
        title="Integrated User Tool"
        subtitle="Portal accounts of students and scholars, the record each is linked to, its SIS or HR employee ID, and the single sign-on identity it signs in with."
        actions={
          <Button variant="contained" onClick={() => setBulkOpen(true)}>
            Bulk link from a file
          </Button>
        }
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
          <SearchField
            value={filters.q}
            onChange={(q) => setFilters({ q })}
            helperText="Name or e-mail, or a whole user name, SIS ID or HR employee ID"
            sx={{ width: { xs: '100%', md: 360 } }}
          />
          <SelectFilter
            id="iut-kind"
            label="Kind"
            width={160}
            value={filters.kind}
            onChange={(kind) => setFilters({ kind })}
            options={KIND_OPTIONS}
          />
          <SelectFilter
            id="iut-state"
            label="Link"
            width={260}
            value={filters.state}
            onChange={(state) => setFilters({ state })}
            options={STATE_OPTIONS}
          />
        </Stack>
        <DataTable
          label="Portal accounts and their links"
          columns={columnsFor({ setId: setEditing, link: setLinking, unlink: (r) => void askUnlink(r) })}
          rows={list.data?.items}
          rowKey={(r) => r.userId}
          query={list}
          loadingLabel="Loading accounts"
          empty={filtered ? 'No account matches these filters.' : 'No student or scholar accounts yet.'}
          minWidth={1100}
          total={list.data?.total ?? 0}
          paging={table.paging}
          seek={list.data}
          sorting={table.sorting}
        />
      </Paper>
      <ExternalIdDialog row={editing} onClose={() => setEditing(null)} />
      <LinkRecordDialog row={linking} onClose={() => setLinking(null)} />
      <BulkLinkDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
      {confirm.dialog}
    </Box>
  );
}
