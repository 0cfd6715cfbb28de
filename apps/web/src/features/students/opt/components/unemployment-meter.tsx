import { Box, LinearProgress, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { UNEMPLOYMENT_LEVEL_LABELS, type studentsApi } from '@meridian/domain';
import { LEVEL_COLOR } from './opt-format';

const ICONS = { ok: CheckCircleOutline, warning: WarningAmberOutlined, critical: ErrorOutline, exceeded: ErrorOutline } as const;

/** Unemployment days as a bar, the numbers, and the alert level in words (colour is never the only signal). */
export function UnemploymentMeter({ value }: { value: studentsApi.TUnemploymentSummary | null }) {
  if (!value) {
    return (
      <Typography variant="body2" color="text.secondary">
        No counter (pre-completion)
      </Typography>
    );
  }
  const color = LEVEL_COLOR[value.level];
  const Icon = ICONS[value.level];
  const pct = Math.min(100, Math.round((value.used / value.allowed) * 100));
  const over = value.used - value.allowed;
  return (
    <Box sx={{ minWidth: 190 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
          {value.used}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          of {value.allowed} days used
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={pct}
        color={color}
        aria-label={`${value.used} of ${value.allowed} unemployment days used`}
        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Icon sx={{ fontSize: 16, color: `${color}.main` }} aria-hidden />
        <Typography variant="caption" sx={{ fontWeight: value.level === 'ok' ? 400 : 700 }}>
          {UNEMPLOYMENT_LEVEL_LABELS[value.level]} · {over > 0 ? `${over} over` : `${value.remaining} left`}
        </Typography>
      </Box>
    </Box>
  );
}
