import { Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { labelOfStatus, type TRequestDetail } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';

/** The approvers of the latest approver review, in order. */
export function ApprovalChain({ approvals }: { approvals: TRequestDetail['approvals'] }) {
  const { formatDateTime } = useFormatDates();
  if (approvals.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This request has not been sent to approver review.
      </Typography>
    );
  return (
    <List dense aria-label="Approvers">
      {approvals.map((a) => (
        <ListItem key={a.id} disableGutters>
          <ListItemText
            primary={
              <>
                Step {a.ordinal}: {a.approverName}{' '}
                <Chip
                  size="small"
                  variant="outlined"
                  label={labelOfStatus('approval', a.status)}
                  color={a.status === 'approved' ? 'success' : a.status === 'rejected' ? 'error' : 'default'}
                  sx={{ ml: 1 }}
                />
              </>
            }
            secondary={
              [a.decidedAt ? formatDateTime(a.decidedAt) : '', a.comment ? `“${a.comment}”` : ''].filter(Boolean).join(' — ') || undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
