import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { describeFailure } from '../../../app/errors/failure';
import { isApiError } from '../../../app/http/api-error';
import { useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageLoader } from '../../../ui/page-loader';
import { useGetMySitePage } from '../api/site-pages';
import { PageHtmlFrame } from '../components/page-html-frame';

/** One of the office's pages, as the student or scholar it is meant for reads it (docs/product/site-pages.md#reading-a-page). */
export function MySitePagePage({ base }: { base: '/student/pages' | '/scholar/pages' }) {
  const { slug } = useParams();
  const one = useGetMySitePage(slug);
  const { formatDate } = useFormatDates();
  useDocumentTitle(one.data?.title ?? 'Information from the office');
  const back = (
    <Button component={RouterLink} to={base}>
      All pages
    </Button>
  );
  if (one.isPending) return <PageLoader />;
  if (one.isError) {
    const missing = isApiError(one.error) && one.error.status === 404;
    return (
      <Box>
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          Information from the office
        </Typography>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? 'This page is not available to you. The office may have taken it down.' : describeFailure(one.error).message}
        </Alert>
        {back}
      </Box>
    );
  }
  const page = one.data;
  return (
    <Box component="article" aria-labelledby="site-page-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography id="site-page-title" variant="h1" component="h1">
            {page.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Updated {formatDate(page.publishedAt)}
          </Typography>
        </Box>
        {back}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PageHtmlFrame html={page.bodyHtml} title={page.title} />
      </Paper>
    </Box>
  );
}
