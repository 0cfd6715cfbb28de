import { Link as RouterLink } from 'react-router';
import { Alert, Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { can, hasStudentAreaAccess, MSG } from '@meridian/domain';
import { useGetCurrentUser } from '../../features/auth';
import { useListCampusSites } from '../../features/people';
import { useBrandingOrDefault } from '../../app/branding';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { displayName } from '../../ui/display-name';
import { actorOf, filterMenu, flattenMenu, type TMenuEntry } from '../common/menu';
import { SCHOLAR_ADMIN_MENU, STUDENT_ADMIN_MENU } from './admin-menus';
import { ADMIN_AREA_TITLES, type TAdminArea } from './admin-titles';
import { PermissionSummary } from './permission-summary';
import { DeadlinesPanel } from '../../features/students';

const DESCRIPTIONS: Record<string, string> = {
  'staff-management': 'Invite staff, set their permissions and campus sites, deactivate accounts.',
  'site-settings': 'Institution name, colours, logo, login texts, feature switches and addresses.',
  'single-sign-on': "Your institution's identity provider: who may sign in with it, and how accounts are matched.",
  'campus-web-sign-in': "Sign-in through your campus web-SSO proxy's AUTHN cookie: its key, issuer and who may sign in.",
  'integration-settings': 'Tokens for campus systems (SIS, HR) that call the API: scopes, expiry, calls, revocation.',
  'email-templates': "The portal's own messages in your office's words, and your templates with merge tags, previews and versions.",
  logs: 'What happened in the portal: sign-ins, permission changes, record changes, SEVIS work, e-mail and imports, with an export.',
  'field-tag-configuration':
    'The fields of student request forms and the student profile: labels, help, required, hidden or read-only per role; and the tags on student records.',
};

function LinkCard({ entry }: { entry: TMenuEntry & { trail: string[] } }) {
  const Icon = entry.icon;
  return (
    <Card variant="outlined" sx={{ height: '100%', borderTop: 4, borderTopColor: 'secondary.main' }}>
      <CardActionArea component={RouterLink} to={entry.path ?? '/'} sx={{ height: '100%', p: 1 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            {Icon ? <Icon color="primary" aria-hidden /> : null}
            <Typography variant="h3" component="h3" sx={{ flex: 1 }}>
              {entry.label}
            </Typography>
            <ArrowForward fontSize="small" color="action" aria-hidden />
          </Box>
          {entry.trail.length ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {entry.trail.join(' › ')}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {DESCRIPTIONS[entry.key] ?? ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The admin dashboards (#/admin/dashboard and #/isss/dashboard). */
export function AdminDashboardPage({ area }: { area: TAdminArea }) {
  const title = ADMIN_AREA_TITLES[area];
  useDocumentTitle(area === 'scholar' ? 'Dashboard' : 'Student Admin Dashboard');
  const me = useGetCurrentUser();
  const sites = useListCampusSites(!!me.data);
  const branding = useBrandingOrDefault();
  if (me.isPending) return <PageLoader />;
  if (!me.data) return <Alert severity="error">{MSG.defaultError}</Alert>;
  const user = me.data;
  const ctx = { user, actor: actorOf(user), branding };
  const menu = filterMenu(area === 'scholar' ? SCHOLAR_ADMIN_MENU : STUDENT_ADMIN_MENU, ctx);
  const links = flattenMenu(menu).filter((e) => e.key !== 'dashboard');
  const otherArea: { label: string; to: string } | null =
    area === 'scholar'
      ? hasStudentAreaAccess(user.staff)
        ? { label: ADMIN_AREA_TITLES.student, to: '/isss/my-work' }
        : null
      : branding.IsScholarEnabled
        ? { label: ADMIN_AREA_TITLES.scholar, to: '/admin/dashboard' }
        : null;

  return (
    <Box>
      <PageHeader title={`Welcome, ${displayName(user)}`} subtitle={`${title}${user.accountName ? ` · ${user.accountName}` : ''}`} />
      {area === 'student' && can(ctx.actor, 'students.read') ? (
        <Box sx={{ mb: 3 }}>
          <DeadlinesPanel />
        </Box>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" component="h2" gutterBottom>
                Your permissions
              </Typography>
              <PermissionSummary staff={user.staff} sites={sites.data} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h2" component="h2" gutterBottom>
            Where to go
          </Typography>
          <Grid container spacing={2}>
            {links.map((e) => (
              <Grid key={e.key} size={{ xs: 12, sm: 6 }}>
                <LinkCard entry={e} />
              </Grid>
            ))}
            {otherArea ? (
              <Grid size={{ xs: 12, sm: 6 }}>
                <LinkCard entry={{ key: 'other-area', label: otherArea.label, path: otherArea.to, trail: ['Switch area'] }} />
              </Grid>
            ) : null}
          </Grid>
          {links.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {area === 'student'
                ? 'Student lists, requests and SEVIS tools are on their way; they will appear here and in the menu as they open.'
                : 'More pages of this area are on their way; they will appear here and in the menu as they open.'}
            </Typography>
          ) : null}
        </Grid>
      </Grid>
    </Box>
  );
}
