import { Chip } from '@mui/material';
import type { scholarsApi } from '@meridian/domain';

const LABELS: Record<scholarsApi.THrImportSummary['status'], { label: string; color: 'success' | 'info' }> = {
  to_review: { label: 'To review', color: 'info' },
  decided: { label: 'Decided', color: 'success' },
};

/** Whether a comparison still has changes to decide; an outlined chip keeps the text dark enough to read. */
export function HrImportStatusChip({ status }: { status: scholarsApi.THrImportSummary['status'] }) {
  const l = LABELS[status];
  return <Chip size="small" variant="outlined" color={l.color} label={l.label} />;
}
