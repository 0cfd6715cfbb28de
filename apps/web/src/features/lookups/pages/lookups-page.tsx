import { Link as RouterLink } from 'react-router';
import { Alert, Box, Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { MSG } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useListLookups } from '../api/lookups';
import { useLookupsBase } from '../lookups-base';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * #/isss/lookups (and #/admin/lookups): the office's code lists (docs/product/lookups.md#the-lists), each with how
 * many values forms offer, how many are retired and how many are the office's own.
 */
export function LookupsPage() {
  useDocumentTitle('Lookups');
  const base = useLookupsBase();
  const lists = useListLookups();
  if (lists.isPending) return <PageLoader />;
  if (!lists.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  return (
    <Box>
      <PageHeader
        title="Lookups"
        subtitle="The code lists the forms offer: countries, U.S. states, education levels, subject fields and SEVIS's reason codes, seeded from SEVIS's own tables. Relabel, reorder or retire a value; a retired value is no longer offered, and the records that hold it keep it."
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Code lists" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                {['List', 'Offered', 'Retired', 'The office’s own', 'Source'].map((h, i) => (
                  <TableCell key={h} scope="col" align={i > 0 && i < 4 ? 'right' : 'left'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lists.data.items.map((l) => (
                <TableRow key={l.key} hover>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`${base}/${l.key}`} sx={{ fontWeight: 600 }}>
                      {l.name}
                    </Link>
                    {l.allowsOfficeValues ? <Chip size="small" variant="outlined" label="The office adds values" sx={{ ml: 1 }} /> : null}
                    <Typography variant="body2" color="text.secondary">
                      {l.description}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{count(l.activeCount)}</TableCell>
                  <TableCell align="right">{count(l.retiredCount)}</TableCell>
                  <TableCell align="right">{count(l.officeCount)}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{l.source || 'The office'}</Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
