import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { studentsApi } from '@meridian/domain';

/** What a bulk invitation did, one line per student (names from the rows the user selected). */
export function InviteResultsDialog({
  result,
  names,
  onClose,
}: {
  result: studentsApi.TBulkInviteOutput | null;
  names: Map<string, string>;
  onClose: () => void;
}) {
  if (!result) return null;
  const sent = result.invited + result.resent;
  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-results-title" maxWidth="sm" fullWidth>
      <DialogTitle id="invite-results-title">Invitations</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {sent} {sent === 1 ? 'invitation' : 'invitations'} sent{result.resent ? ` (${result.resent} sent again)` : ''}
          {result.failed ? `; ${result.failed} not sent — see why below.` : '.'}
        </Typography>
        <List dense aria-label="Result per student">
          {result.results.map((r) => (
            <ListItem key={r.profileId} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {r.ok ? <CheckCircleOutline color="success" aria-label="Sent" /> : <ErrorOutline color="error" aria-label="Not sent" />}
              </ListItemIcon>
              <ListItemText primary={names.get(r.profileId) ?? r.profileId} secondary={r.message} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
