import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Box, Button, Tab, Tabs, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';

export interface TWideTab {
  key: string;
  label: string;
  /** Fields to fix on this tab: the tab is marked, named in the summary and scrolled into view. */
  errors?: number;
}

/** From this width every tab shows at once, in rows; below it they scroll sideways, with buttons. */
const WRAP_QUERY = '(min-width:900px)';

/**
 * A tab set too wide for one row (a scholar's eleven profile tabs, an application's ten sections), usable
 * at every width (docs/product/ui.md#wide-tab-sets): on a wide screen the tabs wrap onto a second row, so
 * none is hidden; on a narrower one they scroll, with buttons at both ends. The arrow keys move between
 * tabs either way (a focused tab scrolls into view). A tab with errors is marked with their number; when
 * errors appear, the first such tab is brought into view and a line under the tabs names each of them,
 * one click away.
 */
export function WideTabs({
  tabs,
  value,
  onChange,
  label,
  sx,
  after,
}: {
  tabs: readonly TWideTab[];
  value: string;
  onChange: (key: string) => void;
  /** The tab list's accessible name. */
  label: string;
  sx?: SxProps<Theme>;
  /** Drawn after the tab list, inside the same box (e.g. a border). */
  after?: ReactNode;
}) {
  const wrap = useMediaQuery(WRAP_QUERY, { noSsr: true });
  const withErrors = tabs.filter((t) => (t.errors ?? 0) > 0);
  const firstError = withErrors[0]?.key ?? null;
  const errorKey = withErrors.map((t) => `${t.key}:${t.errors}`).join(',');
  const seen = useRef('');
  useEffect(() => {
    // Each new set of errors brings its first tab into view (scrolled to, in the strip and in the window).
    if (!errorKey || errorKey === seen.current || !firstError) {
      seen.current = errorKey;
      return;
    }
    seen.current = errorKey;
    document.getElementById(`tab-${firstError}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [errorKey, firstError]);

  return (
    <Box sx={sx}>
      <Tabs
        value={value}
        onChange={(_, k: string) => onChange(k)}
        aria-label={label}
        {...(wrap
          ? {
              variant: 'standard' as const,
              sx: {
                '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
                // The sliding indicator cannot follow a tab onto a second row: the chosen tab marks itself.
                '& .MuiTabs-indicator': { display: 'none' },
                '& .MuiTab-root.Mui-selected': { boxShadow: (t: Theme) => `inset 0 -3px 0 ${t.palette.primary.main}` },
              },
            }
          : { variant: 'scrollable' as const, scrollButtons: true, allowScrollButtonsMobile: true })}
      >
        {tabs.map((t) => {
          const n = t.errors ?? 0;
          return (
            <Tab
              key={t.key}
              value={t.key}
              id={`tab-${t.key}`}
              aria-controls={`panel-${t.key}`}
              aria-label={n ? `${t.label} (${n} to fix)` : undefined}
              sx={n ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : undefined}
              label={
                n ? (
                  <Badge color="error" badgeContent={n} sx={{ pr: 1.5 }}>
                    {t.label}
                  </Badge>
                ) : (
                  t.label
                )
              }
            />
          );
        })}
      </Tabs>
      {after}
      {withErrors.length ? (
        <Box
          role="group"
          aria-label="Tabs with fields to fix"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1, py: 1 }}
        >
          <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
            To fix:
          </Typography>
          {withErrors.map((t) => (
            <Button
              key={t.key}
              size="small"
              color="error"
              variant={t.key === value ? 'contained' : 'outlined'}
              onClick={() => onChange(t.key)}
            >
              {t.label} ({t.errors})
            </Button>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
