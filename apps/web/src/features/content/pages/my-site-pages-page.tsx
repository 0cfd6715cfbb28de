import { Link as RouterLink } from 'react-router';
import { Alert, Box, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { describeFailure } from '../../../app/errors/failure';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useListMySitePages } from '../api/site-pages';

/** The office's published pages for the signed-in student or scholar, in the office's order (docs/product/site-pages.md#who-sees-a-page). */
export function MySitePagesPage({ base }: { base: '/student/pages' | '/scholar/pages' }) {
  useDocumentTitle('Information from the office');
  const list = useListMySitePages();
  const items = list.data?.items ?? [];
  return (
    <Box>
      <PageHeader title="Information from the office" subtitle="Pages the international office wrote for you." />
      {list.isPending ? (
        <PageLoader label="Loading the pages…" />
      ) : list.isError ? (
        <Alert severity="error">{describeFailure(list.error).message}</Alert>
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>The office has no pages for you at the moment.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Pages from the office" disablePadding>
            {items.map((p) => (
              <ListItem key={p.slug} disablePadding divider>
                <ListItemButton component={RouterLink} to={`${base}/${p.slug}`}>
                  <ListItemText primary={p.title} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
