import { Box } from '@mui/material';
import { can } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { UnauthorizedPage } from '../../auth/pages/unauthorized-page';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { RegistrationBulkList } from '../components/registration-bulk-list';

/** #/isss/sevis-validation: initial J-1 exchange visitors ready to validate, validated in SEVIS in bulk. */
export function SevisValidationPage() {
  useDocumentTitle('SEVIS Validation');
  const me = useCurrentUser();
  const mayBatch = can(me.data ? actorOf(me.data) : null, 'sevis.batch');
  if (me.isPending) return <PageLoader />;
  if (!mayBatch) return <UnauthorizedPage homePath="/isss/dashboard" />;
  return (
    <Box>
      <PageHeader title="SEVIS Validation"
        subtitle="Initial J-1 exchange visitors whose program starts within 30 days before or after today: validate their program participation. Choose visitors, or all, to queue their Validate event for the next batch." />
      <RegistrationBulkList list="validation" eventLabel="Validate" startLabel="Program start"
        emptyText="No initial J-1 exchange visitor of your campus sites starts a program within 30 days of today." />
    </Box>
  );
}
