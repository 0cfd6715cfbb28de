import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { MSG, peopleApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { failureMessage } from '../../../app/errors/failure';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { useDeleteCampusSite, useListManagedCampusSites, useUpdateCampusSite } from '../api/campus-sites';
import { CampusSiteDialog } from '../components/campus-site-dialog';

type TSite = peopleApi.TManagedCampusSite;
type TPending = { kind: 'delete' | 'deactivate'; site: TSite };

/** How many records, requests, staff and settings refer to a site, in a table cell. */
function UsesCell({ site }: { site: TSite }) {
  if (site.totalUses === 0) return <>Not used</>;
  return (
    <>
      {site.uses.studentRecords ?? 0}
      <Typography variant="caption" component="div" color="text.secondary">
        {peopleApi.describeCampusSiteUses(site.uses)}
      </Typography>
    </>
  );
}

/**
 * #/isss/campus-sites: super users add, rename, deactivate and delete the office's campus sites
 * (docs/product/people.md#campus-sites). A site in use is deactivated rather than deleted.
 */
export function CampusSitesPage() {
  useDocumentTitle('Campus Sites');
  const list = useListManagedCampusSites();
  const update = useUpdateCampusSite();
  const remove = useDeleteCampusSite();
  const [editing, setEditing] = useState<TSite | 'new' | null>(null);
  // The dialog's subject stays while it closes (its words must not change mid-fade); `open` says whether it shows.
  const [pending, setPending] = useState<TPending | null>(null);
  const [open, setOpen] = useState(false);
  const deleted = useRef(false);
  const [pendingError, setPendingError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  if (list.isPending) return <PageLoader />;
  if (!list.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const sites = list.data;

  const setActive = (site: TSite, isActive: boolean) =>
    update.mutate(
      { siteId: site.id, body: { name: site.name, code: site.code, isActive } },
      {
        onSuccess: () => {
          snack(isActive ? `${site.name} is active again.` : `${site.name} is deactivated.`, 'success');
          setOpen(false);
        },
        onError: (e) => (open ? setPendingError(failureMessage(e)) : snack(failureMessage(e), 'error')),
      },
    );

  const ask = (next: TPending) => {
    setPending(next);
    setPendingError(null);
    setOpen(true);
  };
  const closePending = () => setOpen(false);
  const afterClose = () => {
    setPending(null);
    setPendingError(null);
    // A deleted site's row and its buttons are gone: focus goes back to the page's own action.
    if (deleted.current) addButton.current?.focus();
    deleted.current = false;
  };
  const confirmPending = () => {
    if (!pending) return;
    setPendingError(null);
    if (pending.kind === 'deactivate') return setActive(pending.site, false);
    remove.mutate(pending.site.id, {
      onSuccess: () => {
        snack(`${pending.site.name} deleted.`, 'success');
        deleted.current = true;
        setOpen(false);
      },
      onError: (e) => setPendingError(failureMessage(e)),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Campus Sites"
        subtitle="The office's campus sites: student records, requests, staff permissions and SEVIS settings are kept per site. A site in use is deactivated rather than deleted: it keeps its records and is no longer offered for new ones."
        actions={
          <Button ref={addButton} variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            Add campus site
          </Button>
        }
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Campus sites" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                {['Name', 'Code', 'Status', 'Student records', 'SEVIS'].map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
                <TableCell scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {s.name}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.code}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={s.isActive ? 'Active' : 'Inactive'}
                      color={s.isActive ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <UsesCell site={s} />
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/isss/sevis-settings?site=${s.id}`} aria-label={`SEVIS Settings of ${s.name}`}>
                      SEVIS Settings
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                      <Button size="small" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                        Edit
                      </Button>
                      {s.isActive ? (
                        <Button size="small" onClick={() => ask({ kind: 'deactivate', site: s })} aria-label={`Deactivate ${s.name}`}>
                          Deactivate
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          disabled={update.isPending}
                          onClick={() => setActive(s, true)}
                          aria-label={`Reactivate ${s.name}`}
                        >
                          Reactivate
                        </Button>
                      )}
                      <Button size="small" color="error" onClick={() => ask({ kind: 'delete', site: s })} aria-label={`Delete ${s.name}`}>
                        Delete
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
              {sites.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 4, textAlign: 'center' }}>
                    No campus sites yet: add the first one to keep student records by site.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing ? <CampusSiteDialog site={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={open && !!pending}
        title={pending?.kind === 'delete' ? 'Delete campus site' : 'Deactivate campus site'}
        message={pending ? `${pending.kind === 'delete' ? 'Delete' : 'Deactivate'} ${pending.site.name} (${pending.site.code})?` : ''}
        effects={
          pending?.kind === 'delete'
            ? [
                pending.site.totalUses > 0
                  ? `It is in use by ${peopleApi.describeCampusSiteUses(pending.site.uses)}: a site in use cannot be deleted, only deactivated.`
                  : 'Nothing refers to it; it is removed for good.',
              ]
            : [
                'Its records, requests and SEVIS settings stay as they are, and existing records still show it.',
                'It is no longer offered when adding student records or choosing a site for new work.',
              ]
        }
        error={pendingError}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Deactivate'}
        destructive={pending?.kind === 'delete'}
        busy={remove.isPending || update.isPending}
        onConfirm={confirmPending}
        onCancel={closePending}
        onExited={afterClose}
      />
    </Box>
  );
}
