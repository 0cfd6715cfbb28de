import { Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { scholarAreaSummary, type TCampusSite, type TStaffMember } from '@meridian/domain';
import { type TOfficeDates } from '../../../app/office-dates';
import { displayName } from '../../../ui/display-name';
import type { TColumn } from '../../../ui/data-table';

export type TStaffAction = 'edit' | 'history' | 'deactivate' | 'reactivate' | 'resend';

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
  const scholar = scholarAreaSummary(p);
  if (scholar) chips.push(scholar);
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

/** The Staff Management columns; sorting and paging happen on the server. */
export function staffColumns(props: {
  sites?: TCampusSite[] | undefined;
  mayManage: boolean;
  /** Whether the caller may read this member's History Log (an officer: only staff of their own sites). */
  maySeeHistory: (member: TStaffMember) => boolean;
  /** The signed-in user: nobody deactivates themselves from this list. */
  selfId?: string | undefined;
  onAction: (action: TStaffAction, member: TStaffMember) => void;
  /** The office's formatters (`useFormatDates()`): the last login is the office's day. */
  dates: TOfficeDates;
}): TColumn<TStaffMember>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sort: 'lastName',
      isRowHeader: true,
      noWrap: true,
      sx: { fontWeight: 600 },
      cell: (m) => `${m.lastName}, ${m.firstName}`,
    },
    { key: 'userName', header: 'User name', sort: 'userName', cell: (m) => m.userName },
    { key: 'email', header: 'E-mail', sort: 'email', noWrap: true, cell: (m) => m.email },
    { key: 'roles', header: 'Permissions', cell: (m) => <RoleChips m={m} sites={props.sites} /> },
    { key: 'status', header: 'Status', cell: (m) => <StatusChip m={m} /> },
    {
      key: 'lastLogin',
      header: 'Last login',
      sort: 'lastLoginAt',
      noWrap: true,
      cell: (m) => props.dates.formatDate(m.lastLoginAt) || 'Never',
    },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      cell: (m) => {
        const name = displayName(m);
        const manage = props.mayManage && m.canManage;
        return (
          <>
            {manage ? (
              <Action label={`Edit permissions of ${name}`} onClick={() => props.onAction('edit', m)}>
                <EditOutlined fontSize="small" />
              </Action>
            ) : (
              <Action label={`View permissions of ${name}`} onClick={() => props.onAction('edit', m)}>
                <VisibilityOutlined fontSize="small" />
              </Action>
            )}
            {props.maySeeHistory(m) ? (
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
          </>
        );
      },
    },
  ];
}
