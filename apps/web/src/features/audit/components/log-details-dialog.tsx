import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { auditApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { Facts } from '../../../ui/facts';

/** The recorded state as indented JSON, or a plain word when there is none. */
function JsonBlock({ id, title, value }: { id: string; title: string; value: unknown }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {value === null || value === undefined ? (
        <Typography color="text.secondary">Nothing recorded.</Typography>
      ) : (
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label={title}
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflow: 'auto',
            maxHeight: 320,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
          }}
        >
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Box>
  );
}

/** One event of the Logs: who, when, what, from where, and the record before and after (docs/product/logs.md#details). */
export function LogDetailsDialog({ entry, onClose }: { entry: auditApi.TLogEntry | null; onClose: () => void }) {
  const { formatDateTime } = useFormatDates();
  return (
    <Dialog open={!!entry} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="log-details-title">
      <DialogTitle id="log-details-title">{entry?.actionLabel ?? 'Log entry'}</DialogTitle>
      <DialogContent dividers>
        {entry ? (
          <Stack spacing={2}>
            <Facts
              rows={[
                ['When', formatDateTime(entry.at)],
                ['Who', entry.actorName ? `${entry.actorName} (${entry.actorEmail ?? ''})` : 'System'],
                ['Log type', entry.logType],
                ['Action', entry.action],
                ['Record', `${entry.entityType} ${entry.entityId}`],
                ['IP address', entry.ip ?? ''],
              ]}
            />
            <JsonBlock id="log-before" title="Before" value={entry.before} />
            <JsonBlock id="log-after" title="After" value={entry.after} />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
