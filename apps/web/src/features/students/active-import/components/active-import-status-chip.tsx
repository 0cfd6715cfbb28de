import { Chip } from '@mui/material';
import type { studentsApi } from '@meridian/domain';

const LABELS: Record<studentsApi.TActiveImportSummary['status'], { label: string; color: 'default' | 'success' | 'info' }> = {
  compared: { label: 'To review', color: 'info' },
  applied: { label: 'Applied', color: 'success' },
  discarded: { label: 'Discarded', color: 'default' },
};

/** The state of an import; an outlined chip keeps the text dark enough to read. */
export function ActiveImportStatusChip({ status }: { status: studentsApi.TActiveImportSummary['status'] }) {
  const l = LABELS[status];
  return <Chip size="small" variant="outlined" color={l.color} label={l.label} />;
}
