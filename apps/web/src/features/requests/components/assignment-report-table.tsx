import { Fragment } from 'react';
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { REQUEST_STATUS_LABELS, type TAssignmentReport } from '@meridian/domain';
import { visuallyHidden } from '../../../ui/visually-hidden';

interface TPersonLoad {
  key: string;
  name: string;
  total: number;
  rows: TAssignmentReport['rows'];
}

/** The report's rows (one per assignee, type and status) grouped per person, the unassigned first, as the server sorted them. */
export function workloadOf(report: TAssignmentReport): TPersonLoad[] {
  const byPerson = new Map<string, TPersonLoad>();
  for (const r of report.rows) {
    const key = r.assignee?.userId ?? 'unassigned';
    const load = byPerson.get(key) ?? { key, name: r.assignee?.name ?? 'Unassigned', total: 0, rows: [] };
    load.total += r.count;
    load.rows.push(r);
    byPerson.set(key, load);
  }
  return [...byPerson.values()];
}

/** Workload per person: open student requests by request type and status (docs/product/requests.md#the-assignment-report). */
export function AssignmentReportTable({ report }: { report: TAssignmentReport }) {
  const people = workloadOf(report);
  if (!people.length) return <Typography color="text.secondary">No open student requests in your campus sites.</Typography>;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Open student requests per person">
          <TableHead>
            <TableRow>
              {['Person', 'Request type', 'Status', 'Requests'].map((h) => (
                <TableCell key={h} scope="col" align={h === 'Requests' ? 'right' : 'left'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {people.map((p) => (
              <Fragment key={p.key}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 600 }}>
                    {p.name}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {p.total}
                  </TableCell>
                </TableRow>
                {p.rows.map((r) => (
                  <TableRow key={`${p.key}-${r.requestTypeCode}-${r.status}`}>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        {p.name}
                      </Box>
                    </TableCell>
                    <TableCell>{r.requestTypeName}</TableCell>
                    <TableCell>{REQUEST_STATUS_LABELS[r.status]}</TableCell>
                    <TableCell align="right">{r.count}</TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 600 }}>
                All open student requests
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {report.total}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
