import { Chip } from '@mui/material';
import type { studentsApi } from '@meridian/domain';

const LABELS: Record<studentsApi.TStudentImportSummary['status'], { label: string; color: 'default' | 'success' | 'error' | 'warning' }> = {
  previewed: { label: 'Preview', color: 'warning' },
  committed: { label: 'Imported', color: 'success' },
  failed: { label: 'Refused', color: 'error' },
  discarded: { label: 'Discarded', color: 'default' },
};

/** The state of an upload; an outlined chip keeps the text dark enough to read. */
export function ImportStatusChip({ s }: { s: Pick<studentsApi.TStudentImportSummary, 'status' | 'errorCount'> }) {
  const l = LABELS[s.status];
  const label = s.status === 'previewed' ? (s.errorCount ? 'Preview: has errors' : 'Preview: ready to import') : l.label;
  const color = s.status === 'previewed' && !s.errorCount ? 'success' : l.color;
  // Orange text would fail contrast on white: dark text with an orange border, as Staff Management does.
  if (color === 'warning')
    return <Chip size="small" variant="outlined" label={label} sx={{ borderColor: 'warning.main', borderWidth: 2 }} />;
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}
