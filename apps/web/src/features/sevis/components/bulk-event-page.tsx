import type { ComponentProps } from 'react';
import { Box } from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
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
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} />
      <RegistrationBulkList {...list} />
    </Box>
  );
}
