import type { ComponentProps } from 'react';
import { Box } from '@mui/material';
import { can } from '@meridian/domain';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { UnauthorizedPage } from '../../auth/pages/unauthorized-page';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { RegistrationBulkList } from './registration-bulk-list';

/**
 * A page of one SEVIS bulk list (Registration or Validation): for those who may batch SEVIS events
 * (others see Unauthorized), its heading and explanation above the list.
 */
export function BulkEventPage({
  title,
  subtitle,
  ...list
}: { title: string; subtitle: string } & ComponentProps<typeof RegistrationBulkList>) {
  useDocumentTitle(title);
  const me = useCurrentUser();
  const mayBatch = can(me.data ? actorOf(me.data) : null, 'sevis.batch');
  if (me.isPending) return <PageLoader />;
  if (!mayBatch) return <UnauthorizedPage homePath="/isss/dashboard" />;
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      <RegistrationBulkList {...list} />
    </Box>
  );
}
