import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Link, List, ListItem, ListItemButton, Skeleton, Typography } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useFormatDates } from '../../../app/office-dates';
import { SHELL_PREVIEWS } from '../../../app/shell-previews';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { useGetMyWork } from '../api/get-my-work';
import { countText, myWorkSections, type TWorkRow, type TWorkSection } from '../components/work-links';

/** Its heading is the preview's (app/shell-previews.ts): the page drawn over the preview says the same in the same place. */
const TITLE = SHELL_PREVIEWS.isss.title;
const SUBTITLE = 'What waits for you today. Each number opens its list.';

function CountRow({ row }: { row: TWorkRow }) {
  const zero = row.count === 0;
  const body = (
    <>
      <Typography component="span" sx={{ flex: 1, color: zero ? 'text.secondary' : 'text.primary' }}>
        {row.label}
      </Typography>
      <Typography
        component="span"
        sx={{
          fontSize: '1.5rem',
          fontWeight: 700,
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
          color: zero ? 'text.secondary' : 'primary.main',
          minWidth: '3ch',
          textAlign: 'right',
        }}
      >
        {countText(row)}
      </Typography>
    </>
  );
  if (!row.to) {
    // Where a link's chevron would be, the same room: the numbers stay in one column.
    return (
      <ListItem divider sx={{ gap: 2, py: 1 }}>
        {body}
        <Box sx={{ width: 20, flexShrink: 0 }} />
      </ListItem>
    );
  }
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={RouterLink} to={row.to} sx={{ gap: 2, py: 1 }}>
        {body}
        <ChevronRight fontSize="small" color="action" aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

function Section({ section, weekEnd }: { section: TWorkSection; weekEnd: string }) {
  const id = `my-work-${section.key}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ borderTop: 4, borderTopColor: 'secondary.main' }}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.2rem' }}>
          {section.title}
        </Typography>
        {section.key === 'deadlines' ? (
          <Typography variant="body2" color="text.secondary">
            Due by {weekEnd}, or overdue
          </Typography>
        ) : null}
      </CardContent>
      <List disablePadding aria-labelledby={id}>
        {section.rows.map((r) => (
          <CountRow key={r.key} row={r} />
        ))}
      </List>
    </Card>
  );
}

const GRID = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' } as const;

/**
 * #/isss/my-work (docs/product/my-work.md): the student area's home. What waits for the signed-in staff
 * member, counted on the server in their reach, each number opening the list it counts.
 */
export function MyWorkPage() {
  useDocumentTitle('My work');
  const { formatDate } = useFormatDates();
  const work = useGetMyWork();
  const w = work.data;
  return (
    <Box>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {work.isError && !w ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void work.refetch()}>
              Try again
            </Button>
          }
        >
          My work could not be loaded.
        </Alert>
      ) : null}
      {!w && !work.isError ? (
        <Box sx={GRID} role="status" aria-label="Loading My work">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      ) : null}
      {w ? (
        <>
          <Box sx={GRID}>
            {myWorkSections(w).map((s) => (
              <Section key={s.key} section={s} weekEnd={formatDate(w.weekEnd)} />
            ))}
          </Box>
          {w.tasks && w.tasks.items.length > 0 ? (
            <Card variant="outlined" component="section" aria-labelledby="my-work-tasks" sx={{ mt: 3 }}>
              <CardContent>
                <Typography id="my-work-tasks" variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
                  Your tasks due by {formatDate(w.weekEnd)}
                  {w.tasks.count > w.tasks.items.length ? ` (the first ${w.tasks.items.length} of ${w.tasks.count})` : ''}
                </Typography>
                <List dense disablePadding>
                  {w.tasks.items.map((task) => (
                    <ListItem key={task.taskId} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 2 }}>
                      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                        <Link component={RouterLink} to={`/isss/request/${task.requestId}`} sx={{ fontWeight: 600 }}>
                          {task.title}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          #{task.requestNumber} {task.typeName} · {task.requesterName}
                        </Typography>
                      </Box>
                      <Typography variant="body2" sx={{ fontWeight: 600, color: task.dueDate < w.today ? 'error.main' : 'text.primary' }}>
                        {task.dueDate < w.today ? 'Overdue since' : 'Due'} {formatDate(task.dueDate)}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
