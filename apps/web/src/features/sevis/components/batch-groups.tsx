import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { sevisApi } from '@meridian/domain';

const kindLabel = (k: 'F' | 'J') => (k === 'F' ? 'F-1 students' : 'J-1 exchange visitors');

/** Pending events by OrgID, with "Create batches" for each OrgID the caller may send. */
export function BatchGroups({
  groups,
  busy,
  onCreate,
  onShow,
}: {
  groups: sevisApi.TPendingGroup[];
  busy: boolean;
  onCreate: (g: sevisApi.TPendingGroup) => void;
  onShow: (g: sevisApi.TPendingGroup) => void;
}) {
  if (!groups.length) {
    return (
      <Alert severity="info">
        No SEVIS settings for your campus sites yet: add a school code or program number on{' '}
        <Link component={RouterLink} to="/isss/sevis-settings">
          SEVIS Settings
        </Link>
        .
      </Alert>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Pending updates by OrgID">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Campus site</TableCell>
              <TableCell scope="col">Program</TableCell>
              <TableCell scope="col">OrgID</TableCell>
              <TableCell scope="col" align="right">
                Pending
              </TableCell>
              <TableCell scope="col" align="right">
                Held back
              </TableCell>
              <TableCell scope="col">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((g) => {
              const name = `${g.campusSiteName}, ${kindLabel(g.programKind)}`;
              const why = !g.settingsId
                ? 'This site has no active SEVIS settings for this program kind.'
                : !g.canCreate
                  ? `Only ${g.programKind === 'F' ? 'DSOs' : 'AROs'} named on SEVIS Permissions create these batches.`
                  : g.pendingCount + g.heldCount === 0
                    ? 'Nothing is waiting.'
                    : '';
              return (
                <TableRow key={`${g.settingsId ?? 'none'}-${g.campusSiteId}-${g.programKind}`} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {g.campusSiteName}
                    {g.isAutoBatch ? <Chip size="small" label="Nightly" variant="outlined" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>{kindLabel(g.programKind)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {g.orgId || (
                      <Typography variant="body2" color="error" component="span">
                        No SEVIS settings —{' '}
                        <Link component={RouterLink} to="/isss/sevis-settings">
                          add them
                        </Link>
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {g.pendingCount ? (
                      <Link
                        component="button"
                        type="button"
                        onClick={() => onShow(g)}
                        aria-label={`Show the ${g.pendingCount} pending updates of ${name}`}
                      >
                        {g.pendingCount}
                      </Link>
                    ) : (
                      0
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {g.heldCount ? (
                      <Typography color="error" variant="body2" component="span" fontWeight={600}>
                        {g.heldCount}
                      </Typography>
                    ) : (
                      0
                    )}
                  </TableCell>
                  <TableCell>
                    <Tooltip title={why}>
                      <Box component="span">
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<Inventory2Outlined />}
                          disabled={!!why || busy}
                          onClick={() => onCreate(g)}
                          aria-label={`Create batches for ${name}`}
                        >
                          Create batches
                        </Button>
                      </Box>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
