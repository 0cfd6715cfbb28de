import { useState } from 'react';
import { Alert, Autocomplete, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { isTippCategory, STUDENT_STAGES, TIPP_MSG, type studentsApi, type TStudentStage } from '@meridian/domain';
import { snack } from '../../../../ui/notify';
import { useListCampusSites } from '../../../people';
import { CommentsPanel } from '../../../comments';
import { useSetStudentStage, useSetStudentTags } from '../api/student-record';
import { STUDENT_STAGE_NAMES, useStudentTags } from '../../list';
import {
  CONTACT_FIELDS,
  DOCUMENT_FIELDS,
  EV_FIELDS,
  FINANCIAL_FIELDS,
  identityFields,
  NEW_DS2019_FIELDS,
  NEW_I20_FIELDS,
  PROGRAM_FIELDS,
  SESSION_FIELDS,
  sevisFields,
  statusReasonFields,
  TRANSFER_FIELDS,
} from './record-fields';
import { DependentsTab, EmploymentTab, SitesOfActivity } from './record-dependents';
import { SevisUpdatesTab } from './record-lists';
import { RecordMessages } from '../../../messages';
import { KoreaWestSites, TippEditor } from './record-tipp';
import { RecordSection, type TFieldDef } from './record-section';

type TRecord = studentsApi.TStudentRecord;
export interface TTabProps {
  record: TRecord;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  track: (key: string) => (dirty: boolean) => void;
  reload: () => void;
}

const pick = (fields: TFieldDef[], names: string[]) => fields.filter((f) => names.includes(f.name));

function Section({ title, fields, note, p }: { title: string; fields: TFieldDef[]; note?: string; p: TTabProps }) {
  return (
    <RecordSection
      title={title}
      record={p.record}
      fields={fields}
      save={p.save}
      onDirtyChange={p.track(title)}
      reload={p.reload}
      note={note}
    />
  );
}

function FinancialSection({ p, title = 'Financial support' }: { p: TTabProps; title?: string }) {
  const record = { ...p.record, ...p.record.financials };
  return (
    <RecordSection
      title={title}
      record={record}
      fields={FINANCIAL_FIELDS}
      onDirtyChange={p.track(title)}
      reload={p.reload}
      note="Changes to the funding are sent to SEVIS as a financial information update."
      save={(body) => p.save({ financials: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) })}
    />
  );
}

/** Portal stage and tags: each saved on its own, both in the History Log. */
function StageAndTags({ record }: { record: TRecord }) {
  const stage = useSetStudentStage(record.id);
  const tags = useSetStudentTags(record.id);
  const [draft, setDraft] = useState<string[] | null>(null);
  // The office's tags, offered as the tags are typed.
  const known = useStudentTags(record.canEdit);
  const value = draft ?? record.tags;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        Portal stage and tags
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, alignItems: 'start' }}>
        <TextField
          select
          size="small"
          label="Stage"
          value={record.currentStage}
          disabled={!record.canEdit || stage.isPending}
          helperText="Which portal pages the student sees"
          onChange={(e) =>
            stage.mutate(e.target.value, {
              onSuccess: () => snack(`Stage moved to ${STUDENT_STAGE_NAMES[e.target.value as TStudentStage]}.`, 'success'),
            })
          }
        >
          {STUDENT_STAGES.map((s) => (
            <MenuItem key={s} value={s}>
              {STUDENT_STAGE_NAMES[s]}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Autocomplete
            multiple
            freeSolo
            size="small"
            options={(known.data?.items ?? []).map((i) => i.tag)}
            value={value}
            disabled={!record.canEdit}
            sx={{ flex: 1 }}
            onChange={(_, v) => setDraft(v.map((x) => x.trim()).filter(Boolean))}
            renderValue={(v, getItemProps) => v.map((t, i) => <Chip size="small" label={t} {...getItemProps({ index: i })} key={t} />)}
            renderInput={(params) => <TextField {...params} label="Tags" helperText="Type a tag and press Enter" />}
          />
          {draft ? (
            <>
              <Button onClick={() => setDraft(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={tags.isPending}
                onClick={() =>
                  tags.mutate(draft, {
                    onSuccess: () => {
                      setDraft(null);
                      snack('Tags saved.', 'success');
                    },
                  })
                }
              >
                Save tags
              </Button>
            </>
          ) : null}
        </Stack>
      </Box>
    </Paper>
  );
}

export function F1ProfileTab(p: TTabProps) {
  const sites = useListCampusSites();
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Identity"
        fields={identityFields(p.record.visaType)}
        note="Changes to the identity are sent to SEVIS as a personal information update."
      />
      <Section p={p} title="Contact and addresses" fields={CONTACT_FIELDS} />
      <Section
        p={p}
        title="SEVIS record"
        fields={[...sevisFields(sites.data ?? []), ...statusReasonFields(p.record.visaType, p.record.sevisStatus), ...TRANSFER_FIELDS]}
      />
      <StageAndTags record={p.record} />
    </Stack>
  );
}

export function F1ProgramTab(p: TTabProps) {
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Program"
        fields={PROGRAM_FIELDS}
        note="A later program end is sent to SEVIS as an extension, an earlier one as a shortening; a new education level as its own update."
      />
      <Section p={p} title="I-20" fields={DOCUMENT_FIELDS} />
      <Section
        p={p}
        title="New I-20: English proficiency and academic term"
        fields={NEW_I20_FIELDS}
        note="SEVIS asks for these when it issues a new I-20 (a new record or a change of education level): they go with that update; changing them sends nothing by itself."
      />
      <Section p={p} title="Current session" fields={SESSION_FIELDS} />
      <FinancialSection p={p} />
    </Stack>
  );
}

export const F1DependentsTab = (p: TTabProps) => <DependentsTab record={p.record} onDirtyChange={p.track('dependents')} />;
export const F1EmploymentTab = (p: TTabProps) => <EmploymentTab record={p.record} />;

// ----- exchange visitors -----
export function J1DepartmentTab(p: TTabProps) {
  const sites = useListCampusSites();
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Department and campus"
        fields={[
          ...pick(sevisFields(sites.data ?? []), ['campusSiteId', 'campusId']),
          ...pick(PROGRAM_FIELDS, ['educationLevel', 'major1Code', 'major2Code', 'minorCode']),
        ]}
      />
    </Stack>
  );
}

export function J1ExchangeVisitorTab(p: TTabProps) {
  const sites = useListCampusSites();
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Exchange visitor"
        fields={EV_FIELDS}
        note="The category and subject field are sent to SEVIS as a program update."
      />
      <Section
        p={p}
        title="SEVIS record"
        fields={[
          ...pick(sevisFields(sites.data ?? []), ['sevisId', 'visaType', 'sevisStatus', 'sevisStatusDate', 'portalAccess']),
          ...statusReasonFields(p.record.visaType, p.record.sevisStatus),
        ]}
      />
      <SevisUpdatesTab profileId={p.record.id} visaType={p.record.visaType} />
    </Stack>
  );
}

export function J1Ds2019Tab(p: TTabProps) {
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="DS-2019"
        fields={[...pick(PROGRAM_FIELDS, ['programStartDate', 'programEndDate']), ...DOCUMENT_FIELDS]}
        note="A later program end is sent to SEVIS as an extension, an earlier one as a shortening."
      />
      <Section
        p={p}
        title="New DS-2019: position and U.S. government funds"
        fields={NEW_DS2019_FIELDS}
        note="SEVIS asks for these when it creates the exchange visitor's DS-2019: they go with that record; changing them sends nothing by itself."
      />
      <FinancialSection p={p} title="Funding (DS-2019 item 7)" />
    </Stack>
  );
}

/**
 * DS-7002: the Training/Internship Placement Plan of a trainee or intern (SEVIS Table 15: 1G, 2A, 2B,
 * 14, 15): the T/IPP editor; a Korea WEST participant keeps sites of activity. For every other
 * category SEVIS takes no T/IPP (S2218, S2279): the tab says so and keeps the sites of activity.
 */
export function J1Ds7002Tab(p: TTabProps) {
  const tipp = isTippCategory(p.record.evCategoryCode);
  return (
    <Stack spacing={2}>
      {!tipp ? <Alert severity="info">{TIPP_MSG.notApplicable}</Alert> : null}
      <Section
        p={p}
        title={tipp ? 'Training plan (DS-7002)' : 'Program'}
        fields={[...pick(EV_FIELDS, ['subjectFieldCode']), ...pick(PROGRAM_FIELDS, ['programStartDate', 'programEndDate'])]}
      />
      {tipp ? <TippEditor record={p.record} track={p.track('tipp')} /> : null}
      {tipp ? <KoreaWestSites record={p.record} /> : <SitesOfActivity record={p.record} />}
    </Stack>
  );
}

export function J1AdditionalTab(p: TTabProps) {
  const sites = useListCampusSites();
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Arrival and transfer"
        fields={[...pick(sevisFields(sites.data ?? []), ['portOfEntry', 'entryDate']), ...TRANSFER_FIELDS]}
      />
      <Section p={p} title="Current session" fields={SESSION_FIELDS} />
      <StageAndTags record={p.record} />
      <EmploymentTab record={p.record} />
    </Stack>
  );
}

export function J1ProfileTab(p: TTabProps) {
  return (
    <Stack spacing={2}>
      <Section
        p={p}
        title="Identity"
        fields={identityFields(p.record.visaType)}
        note="Changes to the identity are sent to SEVIS as a personal information update."
      />
      <Section p={p} title="Contact and addresses" fields={CONTACT_FIELDS} />
      <DependentsTab record={p.record} onDirtyChange={p.track('dependents')} />
    </Stack>
  );
}

/** Message Center: comments with the student (when they have a portal account) and the e-mails about the record (docs/product/messages.md#message-center). */
export function MessageCenterTab({ record }: TTabProps) {
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Messages with the student
        </Typography>
        {record.userId ? (
          <CommentsPanel subjectType="user" subjectId={record.userId} canComment isStaff />
        ) : (
          <Typography color="text.secondary">
            This student has no portal account yet, so there is no conversation. E-mails sent to them are listed below.
          </Typography>
        )}
      </Paper>
      <RecordEmailsPanel record={record} />
    </Stack>
  );
}

/** The e-mails sent about the record or to its address, with their status (docs/product/messages.md#message-center). */
function RecordEmailsPanel({ record }: Pick<TTabProps, 'record'>) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        E-mails about this record{record.email ? ` and to ${record.email}` : ''}
      </Typography>
      <RecordMessages profileId={record.id} />
    </Paper>
  );
}

/** The F-1 record's E-mails tab: the same list of e-mails as an exchange visitor's Message Center. */
export function RecordEmailsTab({ record }: TTabProps) {
  return <RecordEmailsPanel record={record} />;
}
