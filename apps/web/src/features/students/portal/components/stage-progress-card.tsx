import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { studentsApi } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { useGetStageProgress } from '../api/my-stage';
import { DoneMark } from './stage-documents';

const label = (stage: string) => studentsApi.PORTAL_STAGE_LABELS[stage as studentsApi.TPortalStage] ?? stage.replace(/_/g, ' ');

/**
 * A student's portal progress for staff (drop into the profile page): the current stage with its
 * checklist, the welcome wizard's steps done, and when each earlier stage was finished.
 */
export function StageProgressCard({ profileId }: { profileId: string }) {
  const { formatDate } = useFormatDates();
  const q = useGetStageProgress(profileId);
  if (q.isPending) return <Skeleton variant="rounded" height={180} />;
  if (q.isError || !q.data) return <Alert severity="error">The portal progress could not be loaded.</Alert>;
  const p = q.data;
  const pct = p.current && p.current.total ? Math.round((100 * p.current.done) / p.current.total) : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby={`stage-progress-${profileId}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={`stage-progress-${profileId}`} variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
              Portal progress
            </Typography>
            <Chip size="small" color="primary" variant="outlined" label={`Current stage: ${label(p.currentStage)}`} />
          </Box>
          {p.wizard ? (
            <Typography>
              Welcome wizard: {p.wizard.completedSteps} of {p.wizard.totalSteps} steps done.
            </Typography>
          ) : null}
          {p.current ? (
            <>
              <Typography>
                {p.current.done} of {p.current.total} required items done in this stage.
              </Typography>
              {pct !== null ? (
                <LinearProgress
                  variant="determinate"
                  value={pct}
                  aria-label={`${pct}% of the stage done`}
                  sx={{ height: 8, borderRadius: 4 }}
                />
              ) : null}
              {p.current.items.length ? (
                <List dense aria-label="Current stage items">
                  {p.current.items.map((i) => (
                    <ListItem key={i.key} disableGutters secondaryAction={<DoneMark isDone={i.isDone} isRequired={i.isRequired} />}>
                      <ListItemText primary={i.label} sx={{ pr: 12 }} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">Nothing is asked in this stage.</Typography>
              )}
            </>
          ) : null}
          {p.history.length ? (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Finished stages
              </Typography>
              <List dense>
                {p.history
                  .filter((h) => h.completedAt)
                  .map((h) => (
                    <ListItem key={h.stage} disableGutters>
                      <ListItemText primary={label(h.stage)} secondary={`Finished ${formatDate(h.completedAt)}`} />
                    </ListItem>
                  ))}
              </List>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
