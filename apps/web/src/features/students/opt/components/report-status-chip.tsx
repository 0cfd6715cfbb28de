import { Chip } from '@mui/material';
import type { studentsApi } from '@meridian/domain';

const LABELS: Record<studentsApi.TStemReport['status'], string> = {
  upcoming: 'Upcoming',
  due: 'Due',
  overdue: 'Overdue',
  received: 'Received',
};
const COLORS = { upcoming: 'default', due: 'warning', overdue: 'error', received: 'success' } as const;

/** A report's status in words, with its colour as an outline (readable on white). */
export function ReportStatusChip({ status }: { status: studentsApi.TStemReport['status'] }) {
  return (
    <Chip
      size="small"
      label={LABELS[status]}
      color={COLORS[status]}
      variant={status === 'overdue' ? 'filled' : 'outlined'}
      sx={status === 'due' ? { color: 'text.primary', borderColor: 'warning.main', borderWidth: 2 } : undefined}
    />
  );
}
