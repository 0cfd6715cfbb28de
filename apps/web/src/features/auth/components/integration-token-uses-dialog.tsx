import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { authApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { DataTable, type TColumn } from '../../../ui/data-table';
import { useListIntegrationTokenUses } from '../api/integration-tokens';

/** A token's latest calls, from the audit trail: when, what, from where, and whether it was refused. */
export function IntegrationTokenUsesDialog({ token, onClose }: { token: authApi.TIntegrationToken | null; onClose: () => void }) {
  const dates = useFormatDates();
  const uses = useListIntegrationTokenUses(token?.id ?? null);
  const columns: TColumn<authApi.TIntegrationTokenUse>[] = [
    { key: 'at', header: 'When', cell: (u) => dates.formatDateTime(u.at), noWrap: true, isRowHeader: true },
    { key: 'call', header: 'Call', cell: (u) => <code>{u.call}</code> },
    { key: 'ip', header: 'From address', cell: (u) => u.ip ?? '', noWrap: true },
    { key: 'result', header: 'Result', cell: (u) => (u.refused ? `Refused: ${u.refused}` : 'Allowed') },
  ];
  return (
    <Dialog open={!!token} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="token-uses-title">
      <DialogTitle id="token-uses-title">Calls of "{token?.name}"</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          The latest 50 calls, newest first. Every call is kept in the audit trail.
        </Typography>
        <DataTable
          label={`Calls of ${token?.name ?? ''}`}
          columns={columns}
          rows={uses.data?.items}
          rowKey={(u) => u.id}
          query={uses}
          loadingLabel="Loading calls"
          errorText="The calls could not be loaded."
          empty="This token has not been used yet."
          minWidth={560}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
