import { Alert, Box, Chip, LinearProgress, Paper, Skeleton, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useFormatDates } from '../../../../app/office-dates';
import { useScholarTimeTracking } from '../api/time-tracking';

const years = (days: number) => `${(days / 365.25).toFixed(1)} years`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '45%', border: 0, py: 0.5, pl: 0 }}>
        {label}
      </TableCell>
      <TableCell sx={{ border: 0, py: 0.5 }}>{children}</TableCell>
    </TableRow>
  );
}

/**
 * Time tracking of a case, for the office's scholar profile: the end date against the alert offsets,
 * the H-1B six-year maximum (time used, recaptured days abroad, time left, max-out date) and the J-1
 * 12/24-month bars. Shows only what applies to the case's visa type.
 */
export function ScholarTimePanel({ applicationId }: { applicationId: string }) {
  const { formatDate } = useFormatDates();
  const q = useScholarTimeTracking(applicationId);
  if (q.isPending) return <Skeleton variant="rounded" height={160} />;
  if (q.isError) return <Alert severity="error">Time tracking could not be loaded. {q.error.message}</Alert>;
  const t = q.data;
  const e = t.endDate;
  const bars = t.jBars;
  const priorProgram = bars?.twentyFourMonth.priorProgramEnd
    ? `prior Professor/Research Scholar program ${bars.twentyFourMonth.priorProgramStatus === 'J-2' ? 'as a J-2 dependant ' : ''}ended ${formatDate(bars.twentyFourMonth.priorProgramEnd)}`
    : '';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`time-${applicationId}`} sx={{ p: 2 }}>
      <Typography id={`time-${applicationId}`} variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Time tracking
      </Typography>
      <Table size="small" sx={{ tableLayout: 'fixed' }} aria-label="End date">
        <TableBody>
          <Row label="End date">
            {e.processedEndDate ? (
              <>
                {formatDate(e.processedEndDate) || '—'} {e.daysLeft !== null && e.daysLeft < 0 ? <Chip size="small" label="Ended" /> : null}
                {e.isEndingSoon ? (
                  <Chip size="small" color="warning" label={e.daysLeft === 0 ? 'Ends today' : `Ends in ${e.daysLeft} days`} />
                ) : null}
              </>
            ) : (
              'Not set'
            )}
          </Row>
          <Row label="End-date alerts">
            {`${e.offsets.join(' and ')} days before`}
            {e.dueOffsets.length ? ` (${[...e.dueOffsets].sort((x, y) => y - x).join(' and ')}-day mark passed)` : ''}
          </Row>
        </TableBody>
      </Table>
      {t.sixYear ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            H-1B six-year maximum
          </Typography>
          {t.sixYear.firstDay === null ? (
            <Typography color="text.secondary">
              {t.sixYear.dependentDays > 0
                ? `No H-1B or L-1 periods in the immigration history yet; ${t.sixYear.dependentDays} days as an H-4 / L-2 dependant do not count.`
                : 'No H or L periods in the immigration history yet.'}
            </Typography>
          ) : (
            <>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (t.sixYear.usedDays / t.sixYear.limitDays) * 100)}
                color={t.sixYear.isMaxedOut ? 'error' : t.sixYear.remainingDays < 365 ? 'warning' : 'primary'}
                aria-label={`${t.sixYear.usedDays} of ${t.sixYear.limitDays} days used`}
                sx={{ my: 1, height: 8, borderRadius: 1 }}
              />
              <Table size="small" sx={{ tableLayout: 'fixed' }} aria-label="H-1B six-year maximum">
                <TableBody>
                  <Row label="First day in H or L status">{formatDate(t.sixYear.firstDay) || '—'}</Row>
                  <Row label="Time used">{`${t.sixYear.usedDays} days (${years(t.sixYear.usedDays)}) of ${t.sixYear.limitDays}`}</Row>
                  <Row label="Recaptured (days outside the U.S.)">{`${t.sixYear.recapturedDays} days`}</Row>
                  {t.sixYear.dependentDays > 0 ? <Row label="H-4 / L-2 time (not counted)">{`${t.sixYear.dependentDays} days`}</Row> : null}
                  <Row label="Time left">
                    {t.sixYear.remainingDays > 0 ? (
                      `${t.sixYear.remainingDays} days (${years(t.sixYear.remainingDays)})`
                    ) : (
                      <Chip
                        size="small"
                        color="error"
                        label={t.sixYear.remainingDays === 0 ? 'None left' : `Exceeded by ${-t.sixYear.remainingDays} days`}
                      />
                    )}
                  </Row>
                  <Row label={t.sixYear.isMaxedOut ? 'Maxed out on' : 'Max-out date'}>{formatDate(t.sixYear.maxOutDate) || '—'}</Row>
                </TableBody>
              </Table>
            </>
          )}
        </Box>
      ) : null}
      {bars ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            J-1 12- and 24-month bars
          </Typography>
          {!bars.applies ? (
            <Typography color="text.secondary">{`The bars apply to Professor and Research Scholar programs; ${bars.category ? `this one is ${bars.category}` : 'no category has been chosen yet'}.`}</Typography>
          ) : (
            <>
              <Table size="small" sx={{ tableLayout: 'fixed' }} aria-label="J-1 bars">
                <TableBody>
                  <Row label="Program start">{`${formatDate(bars.programStart) || '—'} (${bars.category})`}</Row>
                  <Row label="The 12 months before">{`${formatDate(bars.twelveMonth.windowFrom) || '—'} – ${formatDate(bars.twelveMonth.windowTo) || '—'}`}</Row>
                  <Row label="J status in or reaching into them">
                    {bars.twelveMonth.presences.length
                      ? bars.twelveMonth.presences
                          .map(
                            (p) =>
                              `${formatDate(p.from)} – ${formatDate(p.to)} (${p.days} days${p.isSixMonthsOrMore ? '' : ', under six months: exempt'})`,
                          )
                          .join('; ')
                      : 'None'}
                  </Row>
                  <Row label="12-month bar">
                    {bars.twelveMonth.isBarred ? (
                      <>
                        <Chip size="small" color="error" label="Barred" />
                        {` earliest allowed start ${formatDate(bars.twelveMonth.barEndsOn) || '—'}`}
                      </>
                    ) : (
                      'Not barred'
                    )}
                  </Row>
                  <Row label="24-month bar">
                    {bars.twentyFourMonth.isBarred ? (
                      <>
                        <Chip size="small" color="error" label="Barred" />
                        {` earliest allowed start ${formatDate(bars.twentyFourMonth.barEndsOn) || '—'} (${priorProgram})`}
                      </>
                    ) : bars.twentyFourMonth.priorProgramEnd ? (
                      `Not barred (${priorProgram})`
                    ) : (
                      'Not barred'
                    )}
                  </Row>
                </TableBody>
              </Table>
              {bars.twentyFourMonth.unconfirmedJ2.map((p) => (
                <Alert key={`${p.from}-${p.to}`} severity="warning" sx={{ mt: 1 }}>
                  {`J-2 period ${formatDate(p.from)} – ${formatDate(p.to)} does not say the J-1's category. If the J-1 was a Professor or Research Scholar, the 24-month bar applies to the dependant too: earliest allowed start ${formatDate(p.barEndsOn)}.`}
                </Alert>
              ))}
            </>
          )}
        </Box>
      ) : null}
    </Paper>
  );
}
