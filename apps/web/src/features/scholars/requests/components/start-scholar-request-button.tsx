import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { snack } from '../../../../ui/notify';
import { StartRequestDialog } from '../../../requests';
import { useListStartableRequestTypes, useStartRequestForScholar, type TStartedBy } from '../api/start-request';

/**
 * "Start a request" on a scholar's case (docs/product/scholars-office.md#start-a-request): the office opens a
 * draft the scholar completes and submits (told by bell and e-mail), a department one it fills in itself. The
 * types offered fit the case's visa type.
 */
export function StartScholarRequestButton({
  by,
  applicationId,
  scholarName,
  hasPortalAccount,
}: {
  by: TStartedBy;
  applicationId: string;
  scholarName: string;
  hasPortalAccount: boolean;
}) {
  const [open, setOpen] = useState(false);
  const types = useListStartableRequestTypes(by, applicationId, open);
  const start = useStartRequestForScholar(by, applicationId);
  const navigate = useNavigate();
  const noAccount = `Invite ${scholarName} to the portal first: a request is about the scholar it names${by === 'office' ? ', who completes it' : ''}.`;
  return (
    <>
      <Button variant="outlined" startIcon={<Add />} onClick={() => setOpen(true)} disabled={!hasPortalAccount}>
        Start a request
      </Button>
      {!hasPortalAccount ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {noAccount}
        </Alert>
      ) : null}
      <StartRequestDialog
        open={open}
        onClose={() => setOpen(false)}
        subjectName={scholarName}
        types={types}
        start={start}
        effects={() =>
          by === 'office'
            ? [
                `The request opens as a draft in ${scholarName}'s portal, with ${scholarName} as its requester.`,
                `${scholarName} is told by e-mail to complete and submit it.`,
              ]
            : [`The request opens as your department's draft about ${scholarName}: fill it in, then submit it to the office.`]
        }
        empty={
          <>
            No request type fits this case. {by === 'office' ? 'Scholars' : 'Departments'} may start a type when Request Configuration
            allows it and its visa scope includes the case&apos;s visa type.
          </>
        }
        onStarted={(r) => {
          if (by === 'office') {
            snack(`Request #${r.number} started. ${scholarName} was asked to complete and submit it.`, 'success');
            void navigate(`/admin/request/${r.id}`);
          } else {
            snack(`Request #${r.number} started. Fill it in, then submit it to the office.`, 'success');
            void navigate(`/scholar/request-edit/${r.id}`);
          }
        }}
      />
    </>
  );
}
