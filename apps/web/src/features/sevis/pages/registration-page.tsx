import { Box } from '@mui/material';
import { can } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { UnauthorizedPage } from '../../auth/pages/unauthorized-page';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { RegistrationBulkList } from '../components/registration-bulk-list';

/** #/isss/batch-sevis-registration: F-1 students requiring registration for the current session, registered in SEVIS in bulk. */
export function SevisRegistrationPage() {
  useDocumentTitle('SEVIS Registration');
  const me = useCurrentUser();
  const mayBatch = can(me.data ? actorOf(me.data) : null, 'sevis.batch');
  if (me.isPending) return <PageLoader />;
  if (!mayBatch) return <UnauthorizedPage homePath="/isss/dashboard" />;
  return (
    <Box>
      <PageHeader title="SEVIS Registration"
        subtitle="Active F-1 students not yet registered for a session that has started (the Student List's 'Active requiring registration'). Choose students, or all, to queue their Registration for the next batch." />
      <RegistrationBulkList list="registration" eventLabel="Registration" startLabel="Session start"
        emptyText="No active F-1 student of your campus sites needs registering for the current session." />
    </Box>
  );
}
