import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { messagesApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';

type TShownMail = messagesApi.TRecordMessageItem | messagesApi.TSentMailDetail;

const STATUS_COLOR: Record<messagesApi.TSentMailStatus, 'default' | 'success' | 'error' | 'info' | 'warning'> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  recorded: 'default',
};

/** A message's status as a chip, in the theme's status colours. */
export function SentMailStatusChip({ status }: { status: messagesApi.TSentMailStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={messagesApi.SENT_MAIL_STATUS_LABELS[status]} />;
}

/** Where the record a message is about opens (an account has no page of its own here). */
function aboutPath(a: messagesApi.TMailAbout): string | null {
  if (a.kind === 'student') return `/isss/student-profile/${a.id}?tab=messages`;
  if (a.kind === 'scholar') return a.caseId ? `/admin/scholar-profile/${a.caseId}` : null;
  if (a.kind === 'request') return `/isss/request/${a.id}`;
  return null;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One message as it was sent (docs/product/messages.md#what-the-log-shows): its headers, status with the
 * mail server's answer, and its text and HTML. The HTML is shown only inside a sandboxed frame with
 * nothing allowed (no scripts, forms, pop-ups or access to the page), never put into the page itself.
 */
export function SentMailDetail({ mail }: { mail: TShownMail }) {
  const { formatDateTime } = useFormatDates();
  const [part, setPart] = useState<'text' | 'html'>('text');
  const detail = 'about' in mail ? mail : null;
  const about = detail?.about ?? null;
  const path = about ? aboutPath(about) : null;
  const answer = mail.smtpResponse ?? mail.lastError;
  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label="To">{mail.to}</Row>
        {mail.cc.length ? <Row label="Cc">{mail.cc.join(', ')}</Row> : null}
        <Row label="Subject">{mail.subject}</Row>
        <Row label="Status">
          <SentMailStatusChip status={mail.status} />
        </Row>
        {answer ? (
          <Row label="Mail server answer">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {answer}
            </Box>
          </Row>
        ) : null}
        <Row label="Created">{formatDateTime(mail.createdAt)}</Row>
        <Row label="Sent">{mail.sentAt ? formatDateTime(mail.sentAt) : '—'}</Row>
        <Row label="Kind">
          {messagesApi.MAIL_CATEGORY_LABELS[mail.category]} · {messagesApi.mailPurposeLabel(mail.purpose)}
        </Row>
        {detail ? <Row label="Sent by">{detail.sentBy ? detail.sentBy.name : 'The portal (automatic)'}</Row> : null}
        {detail ? (
          <Row label="About">
            {about && path ? (
              <Link component={RouterLink} to={path}>
                {about.label}
              </Link>
            ) : (
              (about?.label ?? '—')
            )}
          </Row>
        ) : null}
      </Box>
      <Box>
        <Tabs value={part} onChange={(_e, v: 'text' | 'html') => setPart(v)} aria-label="Message part">
          <Tab value="text" label="Text" />
          <Tab value="html" label="HTML" disabled={!mail.htmlBody} />
        </Tabs>
        {part === 'text' ? (
          <Typography
            component="pre"
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', m: 0, p: 2, border: 1, borderColor: 'divider' }}
          >
            {mail.textBody}
          </Typography>
        ) : mail.htmlBody ? (
          <Box
            component="iframe"
            title={`HTML of ${mail.subject}`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={mail.htmlBody}
            sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          />
        ) : (
          <Alert severity="info">This message has no HTML part.</Alert>
        )}
      </Box>
    </Stack>
  );
}
