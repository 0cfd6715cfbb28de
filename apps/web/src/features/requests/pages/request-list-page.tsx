import { Box } from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { useGetCurrentUser } from '../../auth';
import { RequestList } from '../components/request-list';
import { MyApprovalsPanel } from '../../workflows';

/** Student Request List (#/isss/students-request-list) and scholar-side Requests (#/admin/requests). */
export function RequestListPage({ area }: { area: 'isss' | 'admin' }) {
  const title = area === 'isss' ? 'Student Request List' : 'Requests';
  useDocumentTitle(title);
  const me = useGetCurrentUser();
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={
          area === 'isss'
            ? "Students' requests at the campus sites you reach. Open one to review it, or select several to approve them together."
            : 'Requests of scholars and departments at the campus sites you reach. Scholar cases are worked on the Scholar Dashboard.'
        }
      />
      <MyApprovalsPanel />
      <RequestList area={area} selfId={me.data?.userId} detailPath={(id) => `/${area}/request/${id}`} />
    </Box>
  );
}
