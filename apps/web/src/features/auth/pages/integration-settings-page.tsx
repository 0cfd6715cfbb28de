import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { authApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type TColumn } from '../../../ui/data-table';
import { formatCount } from '../../../ui/format-count';
import { PageHeader } from '../../../ui/page-header';
import { snack } from '../../../ui/notify';
import { describeFailure } from '../../../app/errors/failure';
import { useListIntegrationTokens, useRevokeIntegrationToken } from '../api/integration-tokens';
import { CreateIntegrationTokenDialog } from '../components/create-integration-token-dialog';
import { IntegrationTokenUsesDialog } from '../components/integration-token-uses-dialog';

type TToken = authApi.TIntegrationToken;

const scopeLabel = (key: string) => authApi.INTEGRATION_SCOPES.find((s) => s.key === key)?.label ?? key;
const STATUS: Record<TToken['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  revoked: { label: 'Revoked', color: 'default' },
};

/** #/admin/integration-settings (Configuration > Integration Settings): the keys campus systems call the API with. */
export function IntegrationSettingsPage() {
  useDocumentTitle('Integration Settings');
  const dates = useFormatDates();
  const list = useListIntegrationTokens();
  const revoke = useRevokeIntegrationToken();
  const [createOpen, setCreateOpen] = useState(false);
  const [toRevoke, setToRevoke] = useState<TToken | null>(null);
  const [usesOf, setUsesOf] = useState<TToken | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const columns: TColumn<TToken>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      cell: (t) => (
        <>
          <Typography fontWeight={600} component="span">
            {t.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            ends in …{t.hint}
          </Typography>
        </>
      ),
    },
    {
      key: 'scopes',
      header: 'Scopes',
      cell: (t) => (
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {t.scopes.map((s) => (
            <li key={s}>{scopeLabel(s)}</li>
          ))}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      cell: (t) => <Chip size="small" variant="outlined" label={STATUS[t.status].label} color={STATUS[t.status].color} />,
    },
    {
      key: 'created',
      header: 'Created',
      cell: (t) => (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{dates.formatDate(t.createdAt)}</span>
          <Typography variant="body2" color="text.secondary">
            by {t.createdBy}
          </Typography>
        </>
      ),
    },
    {
      key: 'expires',
      header: 'Expires',
      noWrap: true,
      cell: (t) =>
        t.status === 'revoked' ? (
          <>
            Revoked {dates.formatDate(t.revokedAt)}
            <Typography variant="body2" color="text.secondary">
              by {t.revokedBy}
            </Typography>
          </>
        ) : (
          dates.formatDate(t.expiresAt)
        ),
    },
    {
      key: 'lastUsed',
      header: 'Last used',
      cell: (t) =>
        t.lastUsedAt ? (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{dates.formatDateTime(t.lastUsedAt)}</span>
            <Typography variant="body2" color="text.secondary">
              from {t.lastUsedIp}
            </Typography>
          </>
        ) : (
          'Never'
        ),
    },
    { key: 'calls', header: 'Calls', align: 'right', cell: (t) => formatCount(t.useCount) },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      cell: (t) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" onClick={() => setUsesOf(t)} aria-label={`Calls of ${t.name}`}>
            Calls
          </Button>
          {t.status === 'active' ? (
            <Button size="small" color="error" onClick={() => setToRevoke(t)} aria-label={`Revoke ${t.name}`}>
              Revoke
            </Button>
          ) : null}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="Integration Settings"
        subtitle="Tokens your campus systems (student information system, HR) use to call Meridian's API without a person's password. Each acts for the staff member who created it, only within its scopes."
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreateOpen(true)}>
            Create token
          </Button>
        }
      />
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        A system sends its token on each call as <code>Authorization: Bearer {authApi.INTEGRATION_TOKEN_PREFIX}…</code>. Each token may make{' '}
        {formatCount(authApi.INTEGRATION_CALLS_PER_MINUTE)} calls a minute, and every call is recorded. The{' '}
        <a href="/api/docs">API documentation</a> lists the calls and scopes.
      </Alert>
      <Paper variant="outlined">
        <DataTable
          label="Integration tokens"
          columns={columns}
          rows={list.data?.items}
          rowKey={(t) => t.id}
          rowProps={(t) => ({ sx: { opacity: t.status === 'active' ? 1 : 0.75 } })}
          query={list}
          loadingLabel="Loading integration tokens"
          errorText="The integration tokens could not be loaded."
          empty="No integration tokens yet. Create one for each campus system that calls Meridian."
          minWidth={1000}
        />
      </Paper>
      <CreateIntegrationTokenDialog open={createOpen} onClose={() => setCreateOpen(false)} />
      <IntegrationTokenUsesDialog token={usesOf} onClose={() => setUsesOf(null)} />
      <ConfirmDialog
        open={!!toRevoke}
        title="Revoke integration token"
        message={toRevoke ? `Revoke "${toRevoke.name}" (ends in …${toRevoke.hint})?` : ''}
        effects={[
          'Its next call is refused, on every server; it cannot be turned back on.',
          'The system that uses it stops working until it is given a new token.',
        ]}
        error={revokeError}
        confirmLabel="Revoke token"
        destructive
        busy={revoke.isPending}
        onCancel={() => {
          setToRevoke(null);
          setRevokeError(null);
        }}
        onConfirm={() => {
          const t = toRevoke;
          if (!t) return;
          setRevokeError(null);
          revoke.mutate(t.id, {
            onSuccess: () => {
              snack(`"${t.name}" was revoked.`, 'success');
              setToRevoke(null);
            },
            onError: (e) => setRevokeError(describeFailure(e).message),
          });
        }}
      />
    </Box>
  );
}
