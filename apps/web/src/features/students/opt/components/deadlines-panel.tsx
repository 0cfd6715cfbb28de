import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Card, CardContent, Chip, LinearProgress, Link, List, ListItem, Stack, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import { studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { Pager, useUrlTable } from '../../../../ui/data-table';
import { useListDeadlines } from '../api/opt';
import { daysText } from './opt-format';

const SEVERITY = {
  critical: { Icon: ErrorOutline, color: 'error.main', label: 'Urgent' },
  warning: { Icon: WarningAmberOutlined, color: 'warning.dark', label: 'Soon' },
  info: { Icon: InfoOutlined, color: 'info.main', label: 'Upcoming' },
} as const;
const DEADLINE_PAGE_SIZES = [8];

/** The student admin dashboard's Deadlines panel: what is due across the caller's students, most urgent first. */
export function DeadlinesPanel() {
  const { formatDate } = useFormatDates();
  // On the dashboard, beside other panels: its names in the address say 'deadline'.
  // My work links here with one kind and "within 7 days" (what falls due this week, or is overdue).
  const table = useUrlTable({
    filters: { deadline: '', deadlineWithin: '' },
    pageKey: 'deadlinePage',
    pageSize: 8,
    pageSizes: DEADLINE_PAGE_SIZES,
  });
  const { filters, setFilters } = table;
  const within =
    /^\d{1,3}$/.test(filters.deadlineWithin) && Number(filters.deadlineWithin) >= 1 ? Number(filters.deadlineWithin) : undefined;
  const query = useMemo(
    () => ({
      kind: studentsApi.DEADLINE_KINDS.find((k) => k === filters.deadline),
      within,
      page: table.page,
      pageSize: table.pageSize,
    }),
    [filters, within, table.page, table.pageSize],
  );
  const list = useListDeadlines(query);
  const items = list.data?.items ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="deadlines-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1 }}>
          <Typography variant="h2" component="h2" id="deadlines-title">
            Deadlines
          </Typography>
          {list.data ? (
            <Typography variant="body2" color="text.secondary">
              {list.data.total === 1 ? '1 item' : `${list.data.total} items`} due for your students
              {within ? ` in the next ${within} days or overdue` : ''}, most urgent first
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" role="group" aria-label="Show deadlines of one kind" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Chip
            label="All"
            clickable
            color={!query.kind ? 'primary' : 'default'}
            variant={!query.kind ? 'filled' : 'outlined'}
            aria-pressed={!query.kind}
            onClick={() => setFilters({ deadline: '' })}
          />
          {within ? (
            <Chip
              label={`Due in the next ${within} days`}
              color="secondary"
              onClick={() => setFilters({ deadlineWithin: '' })}
              onDelete={() => setFilters({ deadlineWithin: '' })}
              deleteIcon={<CancelOutlined aria-label={`Show all dates, not only the next ${within} days`} />}
            />
          ) : null}
          {studentsApi.DEADLINE_KINDS.map((k) => (
            <Chip
              key={k}
              label={studentsApi.DEADLINE_KIND_LABELS[k]}
              clickable
              color={query.kind === k ? 'primary' : 'default'}
              variant={query.kind === k ? 'filled' : 'outlined'}
              aria-pressed={query.kind === k}
              onClick={() => setFilters({ deadline: k })}
            />
          ))}
        </Stack>
        {list.isFetching ? <LinearProgress aria-label="Loading deadlines" /> : <Box sx={{ height: 4 }} />}
        {list.isError ? <Typography sx={{ py: 2 }}>The deadlines could not be loaded.</Typography> : null}
        {!list.isFetching && !list.isError && items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            Nothing is due for your students{query.kind ? ' of this kind' : ''}
            {within ? ` in the next ${within} days` : ''}.
          </Typography>
        ) : null}
        <List dense disablePadding aria-label="Deadlines">
          {items.map((d) => {
            const s = SEVERITY[d.severity];
            return (
              <ListItem key={d.key} divider disableGutters sx={{ alignItems: 'flex-start', gap: 1.5, py: 1 }}>
                <s.Icon sx={{ color: s.color, mt: 0.25 }} titleAccess={s.label} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                    <Link component={RouterLink} to={`/isss/student-profile/${d.profileId}`} sx={{ fontWeight: 600 }}>
                      {d.lastName}, {d.firstName}
                    </Link>
                    <Typography variant="caption" color="text.secondary">
                      {studentsApi.DEADLINE_KIND_LABELS[d.kind]}
                    </Typography>
                  </Box>
                  <Typography variant="body2">{d.what}</Typography>
                </Box>
                <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {formatDate(d.dueDate)}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{
                      color: d.severity === 'critical' ? 'error.main' : 'text.secondary',
                      fontWeight: d.severity === 'critical' ? 700 : 400,
                    }}
                  >
                    {d.kind === 'unemployment'
                      ? d.daysLeft < 0
                        ? `${-d.daysLeft} days over`
                        : `${d.daysLeft} days left`
                      : daysText(d.daysLeft)}
                  </Typography>
                </Box>
              </ListItem>
            );
          })}
        </List>
        {(list.data?.total ?? 0) > query.pageSize ? <Pager total={list.data?.total ?? 0} paging={table.paging} /> : null}
      </CardContent>
    </Card>
  );
}
