import { Box } from '@mui/material';
import { can } from '@meridian/domain';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { UnauthorizedPage } from '../../auth/pages/unauthorized-page';
import { RequestList } from '../components/request-list';
import { MyApprovalsPanel } from '../../workflows';

/** Student Request List (#/isss/students-request-list) and scholar-side Requests (#/admin/requests). */
export function RequestListPage({ area }: { area: 'isss' | 'admin' }) {
  const title = area === 'isss' ? 'Student Request List' : 'Requests';
  useDocumentTitle(title);
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (!can(me.data ? actorOf(me.data) : null, 'requests.process')) return <UnauthorizedPage homePath={`/${area}/dashboard`} />;
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle="Requests of the campus sites you reach. Open one to review it, or select several to approve them together."
      />
      <MyApprovalsPanel />
      <RequestList area={area} selfId={me.data?.userId} detailPath={(id) => `/${area}/request/${id}`} />
    </Box>
  );
}
