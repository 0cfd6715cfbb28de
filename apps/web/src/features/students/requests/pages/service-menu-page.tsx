import { useState } from 'react';
import { useFormatDates } from '../../../../app/office-dates';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { PageHeader } from '../../../../ui/page-header';
import { displayName } from '../../../../ui/display-name';
import { useGetCurrentUser } from '../../../auth';
import { useListStartableTypes } from '../../../requests';
import { useListMyRequests } from '../../../requests';
import { useCreateRequest } from '../../../requests';
import { StatusChip } from '../../../requests';
import { downloadAttachment } from '../../../attachments';
import { formatSize } from '../../../attachments';
import { useListMyDocuments } from '../api/my-documents';
import { useGetMyStage } from '../../portal';
import { requestPath, startOptions, viewPath } from '../request-paths';

const GENERIC_CREATE = '/student/request-create/';
const EDITABLE = new Set(['draft', 'clarification_requested']);
const CLOSED = new Set(['approved', 'completed', 'rejected', 'dismissed']);
/** Columns a phone leaves out, so the number, request, status and buttons fit without scrolling sideways. */
const WIDE_ONLY = new Set(['Submitted', 'Last change', 'Uploaded', 'Size']);
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5, mt: 1 }}>
      {children}
    </Typography>
  );
}

/** The request types the student may start (visa-scoped by the server), each with its description. */
function StartServices() {
  const types = useListStartableTypes();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  return (
    <Box component="section" aria-labelledby="services-title" sx={{ mb: 4 }}>
      <SectionTitle id="services-title">Request a service</SectionTitle>
      {types.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {types.isError ? <Alert severity="error">The services could not be loaded. Please reload the page.</Alert> : null}
      {types.data && types.data.length === 0 ? (
        <Alert severity="info">There are no services you can request online at the moment. Please contact the international office.</Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>
        {(types.data ?? []).map((t) => (
          <Card
            key={t.id}
            variant="outlined"
            sx={{ display: 'flex', flexDirection: 'column', borderTop: 3, borderTopColor: 'secondary.main' }}
          >
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
            <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
              {startOptions(t.code, t.id).map((o) =>
                o.path.startsWith(GENERIC_CREATE) ? (
                  // A type without its own page has no fields to fill first: Start opens its draft at once.
                  <Button
                    key={o.path}
                    variant="outlined"
                    size="small"
                    disabled={!!starting}
                    aria-label={`Start ${t.name}`}
                    onClick={() => {
                      setStarting(t.id);
                      create.mutate(t.id, {
                        onSuccess: (r) => void navigate(requestPath(r.typeCode, r.id)),
                        onSettled: () => setStarting(null),
                      });
                    }}
                  >
                    {starting === t.id ? 'Starting…' : o.label}
                  </Button>
                ) : (
                  <Button
                    key={o.path}
                    variant="outlined"
                    size="small"
                    component={RouterLink}
                    to={o.path}
                    aria-label={o.label === 'Start' ? `Start ${t.name}` : `${o.label}: ${t.name}`}
                  >
                    {o.label}
                  </Button>
                ),
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

/** #/student/student-service-menu/:profileId: services to request, the student's requests and documents. */
export function ServiceMenuPage() {
  const { formatDate } = useFormatDates();
  useDocumentTitle('Student Portal');
  const me = useGetCurrentUser();
  const mine = useListMyRequests();
  const docs = useListMyDocuments();
  const stage = useGetMyStage();
  // What the office asks of continuing students (Stage Configuration's continuing list), if anything.
  const asked = stage.data && stage.data.stage === 'continuing' ? stage.data.questions.questions.length + stage.data.documents.length : 0;
  const requests = mine.data ?? [];
  const attention = requests.filter((r) => EDITABLE.has(r.status));
  return (
    <Box>
      <PageHeader
        title="Student Portal"
        subtitle={
          me.data
            ? `Hello, ${displayName(me.data)}. Request a service from the international office, or follow the requests you have sent.`
            : undefined
        }
      />
      {attention.length ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {attention.length === 1 ? 'One request needs' : `${attention.length} requests need`} your attention:{' '}
          {attention.map((d, i) => (
            <span key={d.id}>
              {i ? ', ' : ''}
              <Link component={RouterLink} to={requestPath(d.typeCode, d.id)}>
                #{d.number} {d.typeName}
              </Link>
              {d.status === 'clarification_requested' ? ' (the office asks for clarification)' : ' (draft, not submitted)'}
            </span>
          ))}
        </Alert>
      ) : null}

      {asked ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          The office asks you for {asked === 1 ? 'one item' : `${asked} items`}:{' '}
          <Link component={RouterLink} to="/student/my-checklist">
            open your checklist
          </Link>
          .
        </Alert>
      ) : null}

      <StartServices />

      <Box component="section" aria-labelledby="my-requests-title" sx={{ mb: 4 }}>
        <SectionTitle id="my-requests-title">My requests</SectionTitle>
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-labelledby="my-requests-title">
              <TableHead>
                <TableRow>
                  {['Request #', 'Request', 'Status', 'Submitted', 'Last change', 'Actions'].map((h) => (
                    <TableCell
                      key={h}
                      scope="col"
                      align={h === 'Actions' ? 'right' : undefined}
                      sx={WIDE_ONLY.has(h) ? NARROW_HIDDEN : undefined}
                    >
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {requests.map((r) => {
                  const editable = EDITABLE.has(r.status);
                  const to = editable ? requestPath(r.typeCode, r.id) : viewPath(r.typeCode, r.id);
                  return (
                    <TableRow key={r.id} hover>
                      <TableCell component="th" scope="row">
                        <Link component={RouterLink} to={to}>
                          #{r.number}
                        </Link>
                      </TableCell>
                      <TableCell>{r.typeName}</TableCell>
                      <TableCell>
                        <StatusChip status={r.status} requesterView />
                      </TableCell>
                      <TableCell sx={NARROW_HIDDEN}>{formatDate(r.submittedAt) || 'Not yet'}</TableCell>
                      <TableCell sx={NARROW_HIDDEN}>{formatDate(r.updatedAt)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {r.typeCode === 'rcl_request' && !CLOSED.has(r.status) ? (
                          <Button
                            size="small"
                            color="error"
                            component={RouterLink}
                            to={`/student/rcl-request/cancel/${encodeURIComponent(r.id)}`}
                            aria-label={`Cancel request #${r.number}`}
                            sx={{ mr: 1 }}
                          >
                            Cancel
                          </Button>
                        ) : null}
                        <Button
                          size="small"
                          variant={editable ? 'contained' : 'text'}
                          component={RouterLink}
                          to={to}
                          aria-label={`${editable ? 'Edit' : 'View'} request #${r.number}`}
                        >
                          {editable ? 'Edit' : 'View'}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
                {mine.isPending ? (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ) : null}
                {mine.isError ? (
                  <TableRow>
                    <TableCell colSpan={6}>Your requests could not be loaded. Please reload the page.</TableCell>
                  </TableRow>
                ) : null}
                {mine.data && requests.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>You have not started any request yet. Choose a service above to start one.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="my-documents-title">
        <SectionTitle id="my-documents-title">My documents</SectionTitle>
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-labelledby="my-documents-title">
              <TableHead>
                <TableRow>
                  {['Document', 'Request', 'Uploaded', 'Size', 'Download'].map((h) => (
                    <TableCell
                      key={h}
                      scope="col"
                      align={h === 'Download' ? 'right' : undefined}
                      sx={WIDE_ONLY.has(h) ? NARROW_HIDDEN : undefined}
                    >
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(docs.data ?? []).map((a) => (
                  <TableRow key={a.id}>
                    <TableCell component="th" scope="row">
                      {a.fileName}
                      {a.checklistItem ? (
                        <Typography variant="body2" color="text.secondary">
                          {a.checklistItem}
                        </Typography>
                      ) : null}
                      {a.status === 'rejected' ? (
                        <Typography variant="body2" color="error">
                          Rejected by the office{a.rejectReason ? `: ${a.rejectReason}` : ''}. Please upload a new file.
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {a.request ? (
                        <Link component={RouterLink} to={viewPath(a.request.typeCode, a.request.id)}>
                          #{a.request.number} {a.request.typeName}
                        </Link>
                      ) : (
                        'Your arrival checklist'
                      )}
                    </TableCell>
                    <TableCell sx={NARROW_HIDDEN}>{formatDate(a.createdAt)}</TableCell>
                    <TableCell sx={NARROW_HIDDEN}>{formatSize(a.sizeBytes)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={`Download ${a.fileName}`}>
                        <IconButton aria-label={`Download ${a.fileName}`} onClick={() => void downloadAttachment(a).catch(handleApiError)}>
                          <DownloadOutlined />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {docs.isPending ? (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ) : null}
                {docs.isError ? (
                  <TableRow>
                    <TableCell colSpan={5}>Your documents could not be loaded. Please reload the page.</TableCell>
                  </TableRow>
                ) : null}
                {docs.data && docs.data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>
                      You have not uploaded any documents yet. Files you upload to a request or your arrival checklist appear here.
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </Box>
    </Box>
  );
}
