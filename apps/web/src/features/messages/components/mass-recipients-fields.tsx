import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  type messagesApi,
  SCHOLAR_PHASES,
  SEVIS_STATUSES,
  STUDENT_LIST_TITLES,
  STUDENT_STAGE_LABELS,
  STUDENT_STAGES,
} from '@meridian/domain';
import { DateInput } from '../../../ui/date-input';
import { useSearchMassScholarCases, useSearchMassStudents } from '../api/mass-email';

/** Filters side by side on a wide screen, one under another on a phone. */
const FILTER_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;
/** A select whose empty choice ("Any") shows as chosen rather than as a blank field. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export type TSourceType = messagesApi.TMassRecipientSourceType;
export interface TPicked {
  id: string;
  label: string;
}
export interface TRecipientsState {
  type: TSourceType;
  title: string;
  filters: { q: string; stage: string; sevisStatus: string; tag: string; programEndFrom: string; programEndTo: string };
  /** Filters of the Student List handed over from its page, shown as chips (removable). */
  listExtras: { campusSiteId?: string | undefined; educationLevel?: string | undefined; major?: string | undefined };
  phase: string;
  scholarQ: string;
  pickedKind: 'student' | 'exchangeVisitor';
  picked: TPicked[];
}

export const EMPTY_RECIPIENTS: TRecipientsState = {
  type: 'studentList',
  title: 'active',
  filters: { q: '', stage: '', sevisStatus: '', tag: '', programEndFrom: '', programEndTo: '' },
  listExtras: {},
  phase: 'all',
  scholarQ: '',
  pickedKind: 'student',
  picked: [],
};

const EXTRA_LABELS = { campusSiteId: 'Campus site', educationLevel: 'Education level', major: 'Major' } as const;

const blank = (v: string) => (v.trim() ? v.trim() : undefined);

/** The choice as the server takes it, with the kind of record (and so the merge tags) it holds. */
export function recipientsInput(s: TRecipientsState): {
  recordKind: messagesApi.TMassRecordKind;
  recipients: messagesApi.TMassRecipientSourceInput;
} {
  switch (s.type) {
    case 'studentList':
      return {
        recordKind: s.title.startsWith('ev-') ? 'exchangeVisitor' : 'student',
        recipients: {
          type: 'studentList',
          title: s.title as never,
          filters: {
            q: blank(s.filters.q),
            stage: blank(s.filters.stage) as never,
            sevisStatus: blank(s.filters.sevisStatus) as never,
            tag: blank(s.filters.tag),
            programEndFrom: blank(s.filters.programEndFrom),
            programEndTo: blank(s.filters.programEndTo),
            campusSiteId: s.listExtras.campusSiteId ? Number(s.listExtras.campusSiteId) : undefined,
            educationLevel: blank(s.listExtras.educationLevel ?? ''),
            major: blank(s.listExtras.major ?? ''),
          },
        },
      };
    case 'students':
      return { recordKind: s.pickedKind, recipients: { type: 'students', ids: s.picked.map((p) => p.id) } };
    case 'scholarDashboard':
      return {
        recordKind: 'scholarCase',
        recipients: { type: 'scholarDashboard', scope: { phase: s.phase as never, q: blank(s.scholarQ) } },
      };
    case 'scholarCases':
      return { recordKind: 'scholarCase', recipients: { type: 'scholarCases', ids: s.picked.map((p) => p.id) } };
  }
}

function Picker(p: { kind: 'students' | 'scholarCases'; value: TPicked[]; onChange: (v: TPicked[]) => void; error?: string | undefined }) {
  const [q, setQ] = useState('');
  const students = useSearchMassStudents(p.kind === 'students' ? q : '');
  const cases = useSearchMassScholarCases(q, p.kind === 'scholarCases');
  const options: TPicked[] =
    p.kind === 'students'
      ? (students.data?.items ?? []).map((s) => ({ id: s.id, label: `${s.lastName}, ${s.firstName}${s.email ? ` (${s.email})` : ''}` }))
      : (cases.data?.items ?? []).map((c) => ({ id: c.applicationId, label: `${c.lastName}, ${c.firstName} — ${c.department.name}` }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={p.value}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => p.onChange(v)}
      onInputChange={(_e, v) => setQ(v)}
      loading={students.isFetching || cases.isFetching}
      noOptionsText={q.trim().length < 2 ? 'Type at least two letters' : 'No record found'}
      renderValue={(v, getItemProps) => v.map((o, i) => <Chip {...getItemProps({ index: i })} key={o.id} label={o.label} size="small" />)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={p.kind === 'students' ? 'Student records' : 'Scholar cases'}
          helperText={p.error ?? 'Search by name or e-mail and choose each recipient'}
          error={!!p.error}
        />
      )}
    />
  );
}

/** Who the mass e-mail goes to: a list title with its filters, a dashboard tab, or records picked by name. */
export function MassRecipientsFields(p: {
  value: TRecipientsState;
  onChange: (v: TRecipientsState) => void;
  canScholars: boolean;
  error?: string | undefined;
}) {
  const v = p.value;
  const set = (patch: Partial<TRecipientsState>) => p.onChange({ ...v, ...patch });
  const setFilter = (patch: Partial<TRecipientsState['filters']>) => set({ filters: { ...v.filters, ...patch } });
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="mass-source-label">Recipients</FormLabel>
        <RadioGroup
          row
          aria-labelledby="mass-source-label"
          value={v.type}
          onChange={(e) => set({ type: e.target.value as TSourceType, picked: [] })}
        >
          <FormControlLabel value="studentList" control={<Radio />} label="A Student List title" />
          <FormControlLabel value="students" control={<Radio />} label="Students picked by name" />
          {p.canScholars && <FormControlLabel value="scholarDashboard" control={<Radio />} label="A Scholar Dashboard tab" />}
          {p.canScholars && <FormControlLabel value="scholarCases" control={<Radio />} label="Scholar cases picked by name" />}
        </RadioGroup>
        {p.error && v.type !== 'students' && v.type !== 'scholarCases' && <FormHelperText error>{p.error}</FormHelperText>}
      </FormControl>
      {v.type === 'studentList' && (
        <Box sx={FILTER_GRID}>
          <TextField select id="mass-title" label="List title" value={v.title} onChange={(e) => set({ title: e.target.value })}>
            {STUDENT_LIST_TITLES.map((t) => (
              <MenuItem key={t.key} value={t.key}>
                {t.label} ({t.visa})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="mass-q"
            label="Keyword"
            value={v.filters.q}
            onChange={(e) => setFilter({ q: e.target.value })}
            helperText="Name, e-mail or SEVIS ID"
          />
          <TextField
            select
            id="mass-stage"
            label="Stage"
            slotProps={SHOW_EMPTY}
            value={v.filters.stage}
            onChange={(e) => setFilter({ stage: e.target.value })}
          >
            <MenuItem value="">Any</MenuItem>
            {STUDENT_STAGES.map((s) => (
              <MenuItem key={s} value={s}>
                {STUDENT_STAGE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id="mass-sevis-status"
            label="SEVIS status"
            slotProps={SHOW_EMPTY}
            value={v.filters.sevisStatus}
            onChange={(e) => setFilter({ sevisStatus: e.target.value })}
          >
            <MenuItem value="">Any</MenuItem>
            {SEVIS_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <TextField id="mass-tag" label="Tag" value={v.filters.tag} onChange={(e) => setFilter({ tag: e.target.value })} />
          <DateInput
            id="mass-end-from"
            label="Program ends on or after"
            value={v.filters.programEndFrom}
            onChange={(d) => setFilter({ programEndFrom: d })}
          />
          <DateInput
            id="mass-end-to"
            label="Program ends on or before"
            value={v.filters.programEndTo}
            onChange={(d) => setFilter({ programEndTo: d })}
          />
          {(Object.entries(v.listExtras) as [keyof TRecipientsState['listExtras'], string | undefined][])
            .filter(([, x]) => !!x)
            .map(([k, x]) => (
              <Chip
                key={k}
                sx={{ justifySelf: 'start', gridColumn: '1 / -1' }}
                label={`${EXTRA_LABELS[k]}: ${x ?? ''} (from the Student List)`}
                onDelete={() => set({ listExtras: { ...v.listExtras, [k]: undefined } })}
              />
            ))}
        </Box>
      )}
      {v.type === 'scholarDashboard' && (
        <Box sx={FILTER_GRID}>
          <TextField select id="mass-phase" label="Dashboard tab" value={v.phase} onChange={(e) => set({ phase: e.target.value })}>
            <MenuItem value="all">All</MenuItem>
            {SCHOLAR_PHASES.map((ph) => (
              <MenuItem key={ph.code} value={ph.code}>
                {ph.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="mass-scholar-q"
            label="Keyword"
            value={v.scholarQ}
            onChange={(e) => set({ scholarQ: e.target.value })}
            helperText="Scholar's name or e-mail"
          />
        </Box>
      )}
      {v.type === 'students' && (
        <Stack spacing={2}>
          <TextField
            select
            id="mass-picked-kind"
            label="The records are"
            value={v.pickedKind}
            onChange={(e) => set({ pickedKind: e.target.value as 'student' | 'exchangeVisitor' })}
            helperText="Decides which merge tags the message may use"
            sx={{ maxWidth: 320 }}
          >
            <MenuItem value="student">Students (F-1 or J-1)</MenuItem>
            <MenuItem value="exchangeVisitor">Exchange visitors (J-1 only, with the J merge tags)</MenuItem>
          </TextField>
          <Picker kind="students" value={v.picked} onChange={(picked) => set({ picked })} error={p.error} />
        </Stack>
      )}
      {v.type === 'scholarCases' && <Picker kind="scholarCases" value={v.picked} onChange={(picked) => set({ picked })} error={p.error} />}
    </Stack>
  );
}
