import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
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
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import type { contentApi } from '@meridian/domain';
import { describeFailure } from '../../../app/errors/failure';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import { useListSitePages, useReorderSitePages } from '../api/site-pages';
import { audienceText, stagesText, stateText, visaTypesText } from '../labels';

const STATE_COLOR: Record<contentApi.TSitePageState, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  published: 'success',
  changed: 'warning',
};

/** Site Pages: the office's pages for students and scholars, in the order readers see them (docs/product/site-pages.md). */
export function SitePagesPage() {
  useDocumentTitle('Site Pages');
  const list = useListSitePages();
  const reorder = useReorderSitePages();
  const { formatDateTime } = useFormatDates();
  const items = list.data?.items ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, {
      onSuccess: () => snack(`Moved “${items[index]!.title}” ${by < 0 ? 'up' : 'down'}.`, 'success'),
      onError: (e) => snack(describeFailure(e).message, 'error'),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Site Pages"
        subtitle="Pages of information students and scholars read in their portals, for their stage and visa type. Readers see a page once it is published."
        actions={
          <Button variant="contained" component={RouterLink} to="/isss/site-builder/new">
            New page
          </Button>
        }
      />
      {list.isPending ? (
        <PageLoader label="Loading the pages…" />
      ) : list.isError ? (
        <Alert severity="error">{describeFailure(list.error).message}</Alert>
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>No pages yet. Write the first one with New page.</Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Site pages, in the order readers see them">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Audience</TableCell>
                <TableCell>Stages</TableCell>
                <TableCell>Visa types</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Last change</TableCell>
                <TableCell>Order</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((p, i) => (
                <TableRow key={p.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/isss/site-builder/${p.id}`} sx={{ fontWeight: 600 }}>
                      {p.title}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      /{p.slug}
                    </Typography>
                  </TableCell>
                  <TableCell>{audienceText(p.audience)}</TableCell>
                  <TableCell>{stagesText(p)}</TableCell>
                  <TableCell>{visaTypesText(p)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={stateText(p.state)} color={STATE_COLOR[p.state]} variant="outlined" />
                  </TableCell>
                  <TableCell>{formatDateTime(p.updatedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Move up">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Move ${p.title} up`}
                          disabled={i === 0 || reorder.isPending}
                          onClick={() => move(i, -1)}
                        >
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move down">
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Move ${p.title} down`}
                          disabled={i === items.length - 1 || reorder.isPending}
                          onClick={() => move(i, 1)}
                        >
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
