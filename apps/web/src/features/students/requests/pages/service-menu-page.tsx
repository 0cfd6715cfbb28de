import { useMemo, useState } from 'react';
import { useFormatDates } from '../../../../app/office-dates';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Collapse,
  IconButton,
  Link,
  List,
  ListItem,
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
  useMediaQuery,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { requestsApi } from '@meridian/domain';
import type { z } from 'zod';
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
import { MySitePagesSection } from '../../../content';
import { requestPath, startOptions, viewPath } from '../request-paths';
import { groupServices, type TServiceFacts, type TServiceGroup } from '../service-groups';
import { useGetMyRequestFormContext } from '../api/get-my-request-form-context';

type TStartableType = z.infer<typeof requestsApi.ZStartableType>;

const GENERIC_CREATE = '/student/request-create/';
/** My requests shows the latest few first; the rest are one click away. */
const RECENT_REQUESTS = 5;
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

/** One service: its name, a short description and its start button(s). */
function ServiceRow({
  type: t,
  starting,
  onStart,
}: {
  type: TStartableType;
  starting: string | null;
  onStart: (t: TStartableType) => void;
}) {
  return (
    <ListItem
      divider
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        py: 1.25,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 170px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
        {t.description ? (
          <Typography
            variant="body2"
            color="text.secondary"
            title={t.description}
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {t.description}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {startOptions(t.code, t.id).map((o) =>
          o.path.startsWith(GENERIC_CREATE) ? (
            // A type without its own page has no fields to fill first: Start opens its draft at once.
            <Button
              key={o.path}
              variant="outlined"
              size="small"
              disabled={!!starting}
              aria-label={`Start ${t.name}`}
              onClick={() => onStart(t)}
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
      </Box>
    </ListItem>
  );
}

/** A group of services under a heading that opens and closes it. */
function ServiceGroupPanel({
  group,
  open,
  onToggle,
  children,
}: {
  group: TServiceGroup<TStartableType>;
  open: boolean;
  onToggle: () => void;
  children: React.ReactNode;
}) {
  const id = `service-group-${group.key}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ overflow: 'hidden' }}>
      <Typography component="h3" id={`${id}-title`} sx={{ m: 0 }}>
        <ButtonBase
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={id}
          sx={{
            width: '100%',
            justifyContent: 'flex-start',
            gap: 1,
            px: 2,
            py: 1.5,
            textAlign: 'left',
            fontSize: '1.05rem',
            fontWeight: 600,
            bgcolor: group.key === 'suggested' ? 'action.selected' : 'transparent',
          }}
        >
          <Box component="span" sx={{ flex: 1 }}>
            {group.title}
          </Box>
          <Typography component="span" variant="body2" color="text.secondary">
            {group.types.length === 1 ? '1 service' : `${group.types.length} services`}
          </Typography>
          {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ButtonBase>
      </Typography>
      <Collapse in={open} timeout={170}>
        <List id={id} disablePadding aria-labelledby={`${id}-title`} sx={{ borderTop: 1, borderColor: 'divider' }}>
          {children}
        </List>
      </Collapse>
    </Paper>
  );
}

/**
 * The request types the student may start (visa-scoped by the server), in groups: what their stage, visa
 * and program dates make relevant first, the rest by the order their stage makes likely. On a phone only
 * the first group is open, so the page is a short list of headings rather than a long scroll of cards.
 */
function StartServices({ facts }: { facts: TServiceFacts }) {
  const types = useListStartableTypes();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  // From 600 px (a phone's width is below): every group open.
  const roomy = useMediaQuery('(min-width:600px)', { noSsr: true });
  const groups = useMemo(() => groupServices(types.data ?? [], facts), [types.data, facts]);
  // Which groups the student opened or closed; the rest follow the default (all open, or the first on a phone).
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (key: string, index: number) => toggled[key] ?? (roomy || index === 0);
  const start = (t: TStartableType) => {
    setStarting(t.id);
    create.mutate(t.id, {
      onSuccess: (r) => void navigate(requestPath(r.typeCode, r.id)),
      onSettled: () => setStarting(null),
    });
  };
  return (
    <Box component="section" aria-labelledby="services-title" sx={{ mb: 4 }}>
      <SectionTitle id="services-title">Request a service</SectionTitle>
      {types.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {types.isError ? <Alert severity="error">The services could not be loaded. Please reload the page.</Alert> : null}
      {types.data && types.data.length === 0 ? (
        <Alert severity="info">There are no services you can request online at the moment. Please contact the international office.</Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {groups.map((g, i) => (
          <ServiceGroupPanel
            key={g.key}
            group={g}
            open={isOpen(g.key, i)}
            onToggle={() => setToggled((o) => ({ ...o, [g.key]: !isOpen(g.key, i) }))}
          >
            {g.types.map((t) => (
              <ServiceRow key={t.id} type={t} starting={starting} onStart={start} />
            ))}
          </ServiceGroupPanel>
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
  const context = useGetMyRequestFormContext(true);
  const facts: TServiceFacts = useMemo(
    () => ({
      stage: me.data?.currentStage,
      visaType: context.data?.visaType,
      today: context.data?.today,
      programEndDate: context.data?.programEndDate,
    }),
    [me.data?.currentStage, context.data],
  );
  const [allRequests, setAllRequests] = useState(false);
  const requests = mine.data ?? [];
  const shownRequests = allRequests ? requests : requests.slice(0, RECENT_REQUESTS);
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
                {shownRequests.map((r) => {
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
                    <TableCell colSpan={6}>You have not started any request yet. Choose a service below to start one.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          {requests.length > RECENT_REQUESTS ? (
            <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
              <Button onClick={() => setAllRequests((a) => !a)} aria-expanded={allRequests}>
                {allRequests ? `Show the latest ${RECENT_REQUESTS} only` : `Show all ${requests.length} requests`}
              </Button>
            </Box>
          ) : null}
        </Paper>
      </Box>

      <StartServices facts={facts} />

      <MySitePagesSection />

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
