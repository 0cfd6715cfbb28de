import { useSearchParams } from 'react-router';
import { Box, Tab, Tabs } from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { useCan } from '../api/use-can';
import { PageHeader } from '../../../ui/page-header';
import { MassCompose } from '../components/mass-compose';
import { MassLog } from '../components/mass-log';
import { EMPTY_RECIPIENTS, type TRecipientsState } from '../components/mass-recipients-fields';

/** A Student List title and filters handed over in the address (the list's "Send e-mail"). */
function recipientsFromAddress(params: URLSearchParams): TRecipientsState | undefined {
  const title = params.get('title');
  if (!title) return undefined;
  const f = EMPTY_RECIPIENTS.filters;
  return {
    ...EMPTY_RECIPIENTS,
    title,
    filters: {
      q: params.get('q') ?? f.q,
      stage: params.get('stage') ?? f.stage,
      sevisStatus: params.get('sevisStatus') ?? f.sevisStatus,
      tag: params.get('tag') ?? f.tag,
      programEndFrom: params.get('programEndFrom') ?? f.programEndFrom,
      programEndTo: params.get('programEndTo') ?? f.programEndTo,
    },
    listExtras: {
      campusSiteId: params.get('campusSiteId') ?? undefined,
      educationLevel: params.get('educationLevel') ?? undefined,
      major: params.get('major') ?? undefined,
    },
  };
}

/** #/isss/email-communications (Actions > Email Communications): write to many records at once, and the log (docs/product/messages.md#email-communications). */
export function MassEmailPage() {
  useDocumentTitle('Email Communications');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'compose';
  const canScholars = useCan('scholars.read');
  const canTemplates = useCan('messages.templates.manage');
  const openId = params.get('send');
  const go = (next: Record<string, string>) => setParams(next, { replace: false });
  return (
    <Box>
      <PageHeader
        title="Email Communications"
        subtitle="Write one message to the records of a Student List title, a Scholar Dashboard tab or records you pick; each copy is filled from its recipient's record. The log shows every mass e-mail with what became of each recipient."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => go(v === 'log' ? { tab: 'log' } : {})}
        aria-label="Email Communications"
        sx={{ mb: 2 }}
      >
        <Tab value="compose" label="New e-mail" id="mass-tab-compose" aria-controls="mass-panel-compose" />
        <Tab value="log" label="Sent mass e-mails" id="mass-tab-log" aria-controls="mass-panel-log" />
      </Tabs>
      <Box role="tabpanel" id={`mass-panel-${tab}`} aria-labelledby={`mass-tab-${tab}`}>
        {tab === 'compose' ? (
          <MassCompose
            canScholars={canScholars}
            canTemplates={canTemplates}
            initial={recipientsFromAddress(params)}
            onSent={(id) => go({ tab: 'log', send: id })}
          />
        ) : (
          <MassLog openId={openId} onOpen={(id) => go(id ? { tab: 'log', send: id } : { tab: 'log' })} />
        )}
      </Box>
    </Box>
  );
}
