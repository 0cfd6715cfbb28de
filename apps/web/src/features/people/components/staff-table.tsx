import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import type { TCampusSite, TStaffMember } from '@meridian/domain';
import { peopleApi } from '@meridian/domain';
import { displayName } from '../../../ui/display-name';
import { formatDate } from '../../../ui/format-date';

export type TStaffSort = (typeof peopleApi.STAFF_SORTS)[number];
export type TStaffAction = 'edit' | 'history' | 'deactivate' | 'reactivate' | 'resend';

const COLUMNS: { key: string; label: string; sort?: TStaffSort }[] = [
  { key: 'name', label: 'Name', sort: 'lastName' },
  { key: 'userName', label: 'User name', sort: 'userName' },
  { key: 'email', label: 'E-mail', sort: 'email' },
  { key: 'roles', label: 'Permissions' },
  { key: 'status', label: 'Status' },
  { key: 'lastLogin', label: 'Last login', sort: 'lastLoginAt' },
  { key: 'actions', label: 'Actions' },
];

function sitesText(ids: number[], sites: TCampusSite[] | undefined): string {
  if (ids.length === 0 || ids.includes(0)) return 'all sites';
  return ids.map((id) => sites?.find((s) => s.id === id)?.code ?? String(id)).join(', ');
}

function RoleChips({ m, sites }: { m: TStaffMember; sites?: TCampusSite[] | undefined }) {
  const p = m.permissions;
  const chips: string[] = [];
  if (p.isSuper) chips.push('Super user');
  if (p.isOfficer) chips.push(`Officer: ${sitesText(p.officerSites, sites)}`);
  if (p.isAssistant) chips.push(p.assistantSites.length ? `Assistant: ${sitesText(p.assistantSites, sites)}` : 'Assistant: no sites');
  if (p.websiteContent) chips.push('Website content');
  if (p.limitMenu) chips.push('Limited menu');
  if (!chips.length)
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {chips.map((c) => (
        <Chip
          key={c}
          size="small"
          label={c}
          variant={c === 'Super user' ? 'filled' : 'outlined'}
          color={c === 'Super user' ? 'primary' : 'default'}
        />
      ))}
    </Stack>
  );
}

function StatusChip({ m }: { m: TStaffMember }) {
  if (!m.isActive) return <Chip size="small" label="Inactive" />;
  // Orange text would fail contrast on white: dark text, orange border and icon.
  if (m.isPending) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<ScheduleOutlined sx={{ color: 'warning.main' }} />}
        label="Invitation pending"
        sx={{ borderColor: 'warning.main' }}
      />
    );
  }
  return <Chip size="small" color="success" variant="outlined" label="Active" />;
}

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The Staff Management table: sorting and paging happen on the server. */
export function StaffTable(props: {
  items: TStaffMember[];
  total: number;
  page: number;
  pageSize: number;
  sort: TStaffSort;
  order: 'asc' | 'desc';
  loading: boolean;
  /** The list could not be loaded (the error itself was already reported). */
  failed?: boolean;
  onRetry?: () => void;
  sites?: TCampusSite[] | undefined;
  mayManage: boolean;
  maySeeHistory: boolean;
  /** The signed-in user: nobody deactivates themselves from this list. */
  selfId?: string | undefined;
  onSort: (sort: TStaffSort, order: 'asc' | 'desc') => void;
  onPage: (page: number, pageSize: number) => void;
  onAction: (action: TStaffAction, member: TStaffMember) => void;
}) {
  const { items, sort, order } = props;
  return (
    <Box>
      {props.loading ? <LinearProgress aria-label="Loading staff" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label="Staff members" sx={{ minWidth: 960 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} scope="col" sx={{ whiteSpace: 'nowrap' }} sortDirection={c.sort && sort === c.sort ? order : false}>
                  {c.sort ? (
                    <TableSortLabel
                      active={sort === c.sort}
                      direction={sort === c.sort ? order : 'asc'}
                      onClick={() => props.onSort(c.sort!, sort === c.sort && order === 'asc' ? 'desc' : 'asc')}
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
            {items.map((m) => {
              const name = displayName(m);
              const manage = props.mayManage && m.canManage;
              return (
                <TableRow key={m.userId} hover sx={{ opacity: m.isActive ? 1 : 0.7 }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {m.lastName}, {m.firstName}
                  </TableCell>
                  <TableCell>{m.userName}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.email}</TableCell>
                  <TableCell>
                    <RoleChips m={m} sites={props.sites} />
                  </TableCell>
                  <TableCell>
                    <StatusChip m={m} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.lastLoginAt) || 'Never'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {manage ? (
                      <Action label={`Edit permissions of ${name}`} onClick={() => props.onAction('edit', m)}>
                        <EditOutlined fontSize="small" />
                      </Action>
                    ) : (
                      <Action label={`View permissions of ${name}`} onClick={() => props.onAction('edit', m)}>
                        <VisibilityOutlined fontSize="small" />
                      </Action>
                    )}
                    {props.maySeeHistory ? (
                      <Action label={`History Log of ${name}`} onClick={() => props.onAction('history', m)}>
                        <HistoryOutlined fontSize="small" />
                      </Action>
                    ) : null}
                    {manage && m.isActive && m.isPending ? (
                      <Action label={`Resend invitation to ${name}`} onClick={() => props.onAction('resend', m)}>
                        <ForwardToInboxOutlined fontSize="small" />
                      </Action>
                    ) : null}
                    {manage && m.isActive && m.userId !== props.selfId ? (
                      <Action label={`Deactivate ${name}`} onClick={() => props.onAction('deactivate', m)}>
                        <PersonOffOutlined fontSize="small" />
                      </Action>
                    ) : null}
                    {manage && !m.isActive ? (
                      <Action label={`Reactivate ${name}`} onClick={() => props.onAction('reactivate', m)}>
                        <HowToRegOutlined fontSize="small" />
                      </Action>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {!props.loading && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                  {props.failed ? (
                    <>
                      The staff list could not be loaded.{' '}
                      <Button size="small" onClick={props.onRetry}>
                        Try again
                      </Button>
                    </>
                  ) : (
                    'No staff members match these filters.'
                  )}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={Math.max(0, props.page - 1)}
        rowsPerPage={props.pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, p) => props.onPage(p + 1, props.pageSize)}
        onRowsPerPageChange={(e) => props.onPage(1, Number(e.target.value))}
      />
    </Box>
  );
}
