import { Chip } from '@mui/material';
import { sevisApi } from '@meridian/domain';

const COLOR: Record<sevisApi.TSevisBatchStatus, 'default' | 'info' | 'success' | 'warning'> = {
  pending: 'default',
  sent: 'info',
  completed: 'success',
  completed_with_errors: 'warning',
  rebuilt: 'default',
};

/** A batch status in words (Pending, Sent – awaiting results, Completed, Completed with errors). */
export function BatchStatusChip({ status }: { status: sevisApi.TSevisBatchStatus }) {
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={sevisApi.SEVIS_BATCH_STATUS_LABELS[status]} />;
}
