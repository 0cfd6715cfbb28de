import { Box, LinearProgress, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { UNEMPLOYMENT_DAYS_WITH_STEM, UNEMPLOYMENT_LEVEL_LABELS, type studentsApi } from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
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
  // A STEM extension on file but not started: the 90 post-completion days still apply (8 CFR 214.2(f)(10)(ii)(E)).
  const stemNotStarted = value.stemStartsOn !== null && value.allowed < UNEMPLOYMENT_DAYS_WITH_STEM && value.exceededOn === null;
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
          {UNEMPLOYMENT_LEVEL_LABELS[value.level]} ·{' '}
          {value.exceededOn
            ? `${value.over} over the ${value.exceededLimit} since ${formatDay(value.exceededOn)}`
            : `${value.remaining} left`}
        </Typography>
      </Box>
      {stemNotStarted ? (
        <Typography variant="caption" color="text.secondary" component="p">
          150 in all from {formatDay(value.stemStartsOn)} (STEM)
        </Typography>
      ) : null}
    </Box>
  );
}
