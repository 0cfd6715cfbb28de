import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
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
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { MSG, type sevisApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useListSevisSettings } from '../api/sevis-settings';
import { SettingsDialog } from '../components/settings-dialog';
import { visuallyHidden } from '../../../ui/visually-hidden';

/** The campus site named by ?site= (a link from Campus Sites, docs/product/people.md#campus-sites), or null. */
function siteParam(params: URLSearchParams): number | null {
  const n = Number(params.get('site'));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * #/isss/sevis-settings: the SEVIS organisation of each campus site (F school code, J program number).
 * ?site=<id> shows that site's rows only, and a new row starts on it.
 */
export function SevisSettingsPage() {
  const { formatDate } = useFormatDates();
  useDocumentTitle('SEVIS Settings');
  const list = useListSevisSettings();
  const [params] = useSearchParams();
  const siteId = siteParam(params);
  const [editing, setEditing] = useState<sevisApi.TSevisSettings | 'new' | null>(null);

  if (list.isPending) return <PageLoader />;
  if (!list.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const { sites, canConfigure } = list.data;
  const items = siteId === null ? list.data.items : list.data.items.filter((s) => s.campusSiteId === siteId);
  const siteName =
    siteId === null ? null : (items[0]?.campusSiteName ?? sites.find((s) => s.id === siteId)?.name ?? 'the chosen campus site');

  return (
    <Box>
      <PageHeader
        title="SEVIS Settings"
        subtitle="Per campus site: the school code (F-1) or program number (J-1) SEVIS knows, its PDSO or RO, batch numbering and nightly batching."
        actions={
          canConfigure ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
              Add settings
            </Button>
          ) : null
        }
      />
      {siteName !== null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the SEVIS settings of {siteName} only.{' '}
          <Link component={RouterLink} to="/isss/sevis-settings">
            Show every campus site
          </Link>
        </Alert>
      ) : null}
      {!canConfigure ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Super users and officers change these settings; you can read them.
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="SEVIS settings" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {[
                  'Campus site',
                  'Program',
                  'School code / program number',
                  'PDSO / RO',
                  'Next batch id',
                  'Nightly batching',
                  'Status',
                  '',
                ].map((h, i) => (
                  <TableCell key={i} scope="col">
                    {h || (
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {s.campusSiteName}
                  </TableCell>
                  <TableCell>{s.programKind === 'F' ? 'F-1 students' : 'J-1 exchange visitors'}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.orgId}</TableCell>
                  <TableCell>
                    {s.officialName}
                    <Typography variant="caption" component="div" color="text.secondary">
                      SEVIS user id {s.officialSevisUserId}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.nextBatchId}</TableCell>
                  <TableCell>{s.isAutoBatch ? 'Every night' : 'Off'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={s.isActive ? 'Active' : 'Inactive'}
                      color={s.isActive ? 'success' : 'default'}
                      variant="outlined"
                    />
                    <Typography variant="caption" component="div" color="text.secondary">
                      Changed {formatDate(s.updatedAt)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {s.canEdit ? (
                      <Button
                        size="small"
                        startIcon={<EditOutlined />}
                        onClick={() => setEditing(s)}
                        aria-label={`Edit SEVIS settings of ${s.campusSiteName}, ${s.programKind === 'F' ? 'F-1' : 'J-1'}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center' }}>
                    {siteName !== null ? `No SEVIS settings for ${siteName} yet` : 'No SEVIS settings yet'}
                    {canConfigure ? ': add the school code or program number of a campus site to build batches.' : '.'}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing ? (
        <SettingsDialog row={editing === 'new' ? null : editing} sites={sites} initialSiteId={siteId} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}
