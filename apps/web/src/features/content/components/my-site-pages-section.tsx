import { Link as RouterLink } from 'react-router';
import { Box, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useListMySitePages } from '../api/site-pages';

/**
 * The office's pages for the signed-in student, as a section of their home page (docs/product/site-pages.md#reading-a-page):
 * left out while loading, when it fails, and when there are none.
 */
export function MySitePagesSection() {
  const list = useListMySitePages();
  const items = list.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Box component="section" aria-labelledby="office-pages-title">
      <Typography id="office-pages-title" variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5, mt: 1 }}>
        Information from the office
      </Typography>
      <Paper variant="outlined">
        <List disablePadding aria-labelledby="office-pages-title">
          {items.map((p) => (
            <ListItem key={p.slug} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/student/pages/${p.slug}`}>
                <ListItemText primary={p.title} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
