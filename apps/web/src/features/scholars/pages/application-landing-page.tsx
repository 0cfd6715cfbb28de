import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { MSG } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { displayName } from '../../../ui/display-name';

export type TScholarApplicationPage =
  'edith1application' | 'edito1application' | 'edito1extension' | 'editj1application' | 'editf1application' | 'reviewrequest';

const PAGES: Record<TScholarApplicationPage, { title: string; form: string }> = {
  edith1application: { title: 'H-1B Request', form: 'H-1B application' },
  edito1application: { title: 'O-1 Request', form: 'O-1 application' },
  edito1extension: { title: 'O-1 Extension Request', form: 'O-1 extension application' },
  editj1application: { title: 'J-1 Request', form: 'J-1 application' },
  editf1application: { title: 'F-1 OPT/STEM Request', form: 'F-1 OPT/STEM application' },
  reviewrequest: { title: 'Review Sponsorship Request', form: 'sponsorship request' },
};

/** A scholar's landing page by processed state; the application forms come in a later release. */
export function ApplicationLandingPage({ page }: { page: TScholarApplicationPage }) {
  const { title, form } = PAGES[page];
  useDocumentTitle(title);
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const user = me.data;
  return (
    <Box>
      <PageHeader title={title} subtitle={`Welcome, ${displayName(user)}`} />
      <Card variant="outlined" sx={{ maxWidth: 720, borderTop: 4, borderTopColor: 'secondary.main' }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" component="h2">
              Your {form}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}>
              <Typography component="dt" color="text.secondary">
                Name
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {displayName(user)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Processed state
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {user.processedState || 'Not yet processed'}
              </Typography>
            </Box>
            <Typography>
              The international office will open your {form} form on this page. There is nothing you need to do yet: you will receive an
              e-mail as soon as it is ready for you to fill in.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
