import { useState } from 'react';
import { useFormatDates } from '../../../app/office-dates';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { useGetCurrentUser } from '../../auth';
import { displayName } from '../../../ui/display-name';
import type { TRequestSummary } from '@meridian/domain';
import { useListStartableTypes } from '../api/list-startable-types';
import { useListMyRequests } from '../api/list-my-requests';
import { useCreateRequest } from '../api/create-request';
import { StatusChip } from '../components/status-chip';
import { MyApprovalsPanel } from '../../workflows';

export type TPortal = 'student' | 'scholar';
export const editPath = (portal: TPortal, id: string) => `/${portal}/request-edit/${id}`;

/** Where a row opens: a request behind a scholar case opens the case (the department's case page, the scholar's application). */
function rowPath(portal: TPortal, role: string | undefined, r: TRequestSummary): string {
  if (r.case && role === 'department') return `/scholar/editscholarapplication/${r.case.scholarApplicationId}`;
  if (r.case && role === 'scholar') return '/scholar';
  return editPath(portal, r.id);
}

/**
 * The requester's home for requests: student service menu (#/student/student-service-menu/:profileId)
 * and #/scholar/requests: the requests they may start, and their own requests with status.
 */
export function RequesterHomePage({ portal }: { portal: TPortal }) {
  const { formatDate } = useFormatDates();
  const title = portal === 'student' ? 'Student Services' : 'Requests';
  useDocumentTitle(title);
  const me = useGetCurrentUser();
  const types = useListStartableTypes();
  const mine = useListMyRequests();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const start = (id: string) => {
    setStarting(id);
    create.mutate(id, { onSuccess: (r) => void navigate(editPath(portal, r.id)), onSettled: () => setStarting(null) });
  };
  const drafts = (mine.data ?? []).filter((r) => !r.case && (r.status === 'draft' || r.status === 'clarification_requested'));
  // A department's requests are about its scholars: every row names the scholar (docs/product/requests.md#who-a-request-is-about).
  const role = me.data?.userRole;
  const namesWho = role === 'department';
  const headers = ['Request #', 'Request', ...(namesWho ? ['Scholar'] : []), 'Status', 'Submitted', 'Last change', ''];
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={
          me.data
            ? `Hello, ${displayName(me.data)}. Start a request to the international office, or follow the ones you have sent.`
            : undefined
        }
      />
      {portal === 'scholar' ? <MyApprovalsPanel /> : null}
      {drafts.length ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {drafts.length === 1 ? 'One request needs' : `${drafts.length} requests need`} your attention:{' '}
          {drafts.map((d, i) => (
            <span key={d.id}>
              {i ? ', ' : ''}
              <Link component={RouterLink} to={editPath(portal, d.id)}>
                #{d.number} {d.typeName}
              </Link>
            </span>
          ))}
          .
        </Alert>
      ) : null}
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        My requests
      </Typography>
      <Paper variant="outlined" sx={{ mb: 4 }}>
        <TableContainer>
          <Table size="small" aria-label="My requests">
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(mine.data ?? []).map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={rowPath(portal, role, r)}>
                      #{r.number}
                    </Link>
                  </TableCell>
                  <TableCell>{r.typeName}</TableCell>
                  {namesWho ? (
                    <TableCell>
                      {r.subjectName || '—'}
                      {r.subjectEmail ? (
                        // On a phone the name is enough: the table is narrow.
                        <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { xs: 'none', sm: 'block' } }}>
                          {r.subjectEmail}
                        </Typography>
                      ) : null}
                    </TableCell>
                  ) : null}
                  <TableCell>
                    <StatusChip status={r.status} requesterView caseStatus={r.case} />
                  </TableCell>
                  <TableCell>{formatDate(r.submittedAt) || '—'}</TableCell>
                  <TableCell>{formatDate(r.updatedAt)}</TableCell>
                  <TableCell>
                    <Button size="small" component={RouterLink} to={rowPath(portal, role, r)}>
                      {!r.case && (r.status === 'draft' || r.status === 'clarification_requested') ? 'Continue' : 'View'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {mine.isPending ? (
                <TableRow>
                  <TableCell colSpan={headers.length}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ) : null}
              {!mine.isPending && (mine.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={headers.length}>You have not started any request yet.</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        Start a request
      </Typography>
      {types.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {!types.isPending && (types.data ?? []).length === 0 ? (
        <Alert severity="info">There are no requests you can start at the moment.</Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {(types.data ?? []).map((t) => (
          <Card key={t.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flex: 1 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                {t.name}
              </Typography>
              {t.description ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t.description}
                </Typography>
              ) : null}
            </CardContent>
            <CardActions>
              <Button onClick={() => start(t.id)} disabled={!!starting} aria-label={`Start ${t.name}`}>
                {starting === t.id ? 'Starting…' : 'Start'}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
