import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { can } from '@meridian/domain';
import { isApiError } from '../../../app/http/api-error';
import { actorOf } from '../../../shells/common/menu';
import { snack } from '../../../ui/notify';
import { useGetCurrentUser } from '../../auth';
import { useFetchBatchResults, useSendBatchToSevis, useGetTransportStatus } from '../api/sevis-results';

/**
 * The results actions of one batch in the Batch Manager: "Send to SEVIS" (a pending batch) and "Fetch
 * results" (a sent one) when the SEVIS batch interface is configured, and "Import log" (the
 * transaction log uploaded by hand) always.
 */
export function BatchResultsActions({ batch }: { batch: { id: string; batchId: string; status: string } }) {
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayImport = can(actor, 'sevis.import');
  const transport = useGetTransportStatus(can(actor, 'sevis.read'));
  const send = useSendBatchToSevis();
  const fetchResults = useFetchBatchResults();
  const configured = transport.data?.isConfigured === true;
  const fail = (e: unknown) => snack(isApiError(e) ? e.message : 'SEVIS could not be reached; try again later.', 'error');
  return (
    <>
      {configured && batch.status === 'pending' && can(actor, 'sevis.batch') ? (
        <Button
          size="small"
          startIcon={<CloudUploadOutlined />}
          disabled={send.isPending}
          aria-label={`Send batch ${batch.batchId} to SEVIS`}
          onClick={() =>
            send.mutate(batch.id, { onSuccess: (r) => snack(r.message, r.status === 'sent' ? 'success' : 'warning'), onError: fail })
          }
        >
          Send to SEVIS
        </Button>
      ) : null}
      {configured && batch.status === 'sent' && mayImport ? (
        <Button
          size="small"
          startIcon={<CloudDownloadOutlined />}
          disabled={fetchResults.isPending}
          aria-label={`Fetch the SEVIS results of batch ${batch.batchId}`}
          onClick={() =>
            fetchResults.mutate(batch.id, { onSuccess: (r) => snack(r.message, r.isReady ? 'success' : 'info'), onError: fail })
          }
        >
          Fetch results
        </Button>
      ) : null}
      {batch.status === 'sent' && mayImport ? (
        <Button
          size="small"
          component={RouterLink}
          to={`/isss/sevis-results?batch=${encodeURIComponent(batch.batchId)}`}
          startIcon={<UploadFileOutlined />}
          aria-label={`Import the transaction log of batch ${batch.batchId}`}
        >
          Import log
        </Button>
      ) : null}
    </>
  );
}
