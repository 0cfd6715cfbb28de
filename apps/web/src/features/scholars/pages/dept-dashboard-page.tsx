import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { MSG } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { displayName } from '../../../ui/display-name';

/** #/scholar/deptDashboard: the home of department users. */
export function DeptDashboardPage() {
  useDocumentTitle('Department Dashboard');
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const user = me.data;
  return (
    <Box>
      <PageHeader title="Department Dashboard" subtitle={`Welcome, ${displayName(user)}`} />
      <Card variant="outlined" sx={{ maxWidth: 720, borderTop: 4, borderTopColor: 'secondary.main' }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" component="h2">
              {user.department?.name ?? 'Your department'}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Chip label="Department user" />
              {user.isDepartmentAdmin ? <Chip color="primary" label="Department administrator" /> : null}
            </Stack>
            {user.department ? null : (
              <Alert severity="info">
                Your account is not linked to a department yet. Please ask the international office to link it.
              </Alert>
            )}
            <Typography>
              Sponsorship requests for your department&apos;s scholars will be listed here. Starting new requests and
              following their progress will be available in a coming release of the portal.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
