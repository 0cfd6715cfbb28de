import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { snack } from '../../../../ui/notify';
import { StartRequestDialog } from '../../../requests';
import { useListStaffStartableTypes, useStartRequestForStudent } from '../api/start-request';

/**
 * "Start a request for this student": the office opens a draft the student then completes and submits
 * (they are told by bell and e-mail). Only types configured with the 'staff' starter are offered. The office's
 * own requests (a termination: docs/product/students-requests.md#the-offices-own-requests) open as the staff
 * member's draft instead, on the page where they fill it in; the student never sees them, and they need no
 * portal account.
 */
export function StartRequestButton({
  profileId,
  studentName,
  hasPortalAccount,
}: {
  profileId: string;
  studentName: string;
  hasPortalAccount: boolean;
}) {
  const [open, setOpen] = useState(false);
  const types = useListStaffStartableTypes(profileId, open);
  const start = useStartRequestForStudent(profileId);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outlined" startIcon={<Add />} onClick={() => setOpen(true)}>
        Start a request for this student
      </Button>
      <StartRequestDialog
        open={open}
        onClose={() => setOpen(false)}
        subjectName={studentName}
        types={types}
        start={start}
        closeOnForbidden
        effects={(chosen) =>
          chosen?.isOfficeRequest
            ? [
                `The request opens as your draft about ${studentName}'s record: you fill in its form and submit it.`,
                `${studentName} does not see it; they are told when it is approved.`,
              ]
            : [
                `The request opens as a draft in ${studentName}'s portal, with ${studentName} as its requester.`,
                `${studentName} is told by e-mail to complete and submit it.`,
              ]
        }
        empty="No request type may be started by the office for this student. Allow “staff” to start a type in Request Configuration."
        {...(hasPortalAccount
          ? {}
          : { helper: 'Without a portal account, only the office’s own requests can be started: invite the student for the others.' })}
        // A request the student completes needs their portal account; the office's own does not.
        optionNote={(x) => (!hasPortalAccount && !x.isOfficeRequest ? 'needs a portal account' : null)}
        onStarted={(r, chosen) => {
          const office = !!chosen?.isOfficeRequest;
          snack(
            office
              ? `Request #${r.number} started. Fill in its form and submit it.`
              : `Request #${r.number} started. ${studentName} was asked to complete and submit it.`,
            'success',
          );
          void navigate(office ? `/isss/office-request/${r.id}` : `/isss/request/${r.id}`);
        }}
      />
    </>
  );
}
