import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  IconButton,
  InputLabel,
  LinearProgress,
  ListSubheader,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { studentsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { snack } from '../../../../ui/notify';
import { useCustomItemOptions } from '../api/custom-items';
import { useAddStageItem, useRemoveStageItem, useReorderStageItems, useListStageItems, useUpdateStageItem } from '../api/stage-items';
import { visuallyHidden } from '../../../../ui/visually-hidden';

// Read by screen readers only.
type TStage = studentsApi.TPortalStage;
type TItem = studentsApi.TStageItem;
const STAGE_HELP: Record<TStage, string> = {
  invited: 'Asked in the welcome wizard in addition to its steps (in a “A few more things” step before the confirmation).',
  pre_arrival: 'The pre-arrival checklist: what the student sends before travelling.',
  check_in: 'The check-in checklist: what the student confirms and uploads after arriving.',
  continuing: 'Kept on the record of continuing students (shown with their services).',
};

function StageList({ stage, items, options }: { stage: TStage; items: TItem[]; options: ReturnType<typeof useCustomItemOptions> }) {
  const add = useAddStageItem();
  const update = useUpdateStageItem();
  const remove = useRemoveStageItem();
  const reorder = useReorderStageItems();
  const [choice, setChoice] = useState('');
  const [scope, setScope] = useState<studentsApi.TVisaScope>('All');
  const [error, setError] = useState('');
  const busy = add.isPending || update.isPending || remove.isPending || reorder.isPending;
  const asked = new Set(items.flatMap((i) => [i.customQuestionId, i.customDocumentId]));

  const move = (i: number, by: -1 | 1) => {
    const ids = items.map((x) => x.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    reorder.mutate({ stage, ids }, { onError: handleApiError });
  };
  const submit = () => {
    setError('');
    if (!choice) return setError('Choose a question or a document.');
    const [kind, id] = choice.split(':');
    add.mutate(
      { stage, visaScope: scope, customQuestionId: kind === 'q' ? id! : null, customDocumentId: kind === 'd' ? id! : null },
      {
        onSuccess: (x) => {
          snack(`${x.label} is now asked in ${studentsApi.PORTAL_STAGE_LABELS[stage]}.`, 'success');
          setChoice('');
        },
        onError: (e) =>
          isApiError(e) && e.status === 400 ? setError(Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : handleApiError(e),
      },
    );
  };
  const headingId = `stage-${stage}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.2rem' }}>
        {studentsApi.PORTAL_STAGE_LABELS[stage]}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {STAGE_HELP[stage]}
      </Typography>
      {busy ? <LinearProgress aria-label="Saving" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 720, tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              {(
                [
                  ['Order', 130],
                  ['Question or document', undefined],
                  ['Kind', 190],
                  ['Visa', 130],
                  ['', 64],
                ] as const
              ).map(([h, w], i) => (
                <TableCell key={i} scope="col" sx={{ width: w }}>
                  {h || (
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((x, i) => (
              <TableRow key={x.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap', width: 130 }}>
                  <Typography component="span" sx={{ mr: 1 }}>
                    {i + 1}
                  </Typography>
                  <IconButton size="small" aria-label={`Move ${x.label} up`} disabled={i === 0 || busy} onClick={() => move(i, -1)}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${x.label} down`}
                    disabled={i === items.length - 1 || busy}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </TableCell>
                <TableCell component="th" scope="row">
                  {x.label}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {x.customQuestionId ? 'Question' : 'Document'}{' '}
                  {x.isRequired ? (
                    <Chip size="small" variant="outlined" label="Required" />
                  ) : (
                    <Chip size="small" variant="outlined" label="Optional" />
                  )}
                </TableCell>
                <TableCell sx={{ width: 170 }}>
                  <Select
                    size="small"
                    value={x.visaScope}
                    disabled={busy}
                    inputProps={{ 'aria-label': `Visa type for ${x.label}` }}
                    onChange={(e) => update.mutate({ id: x.id, visaScope: e.target.value }, { onError: handleApiError })}
                  >
                    {studentsApi.VISA_SCOPES.map((v) => (
                      <MenuItem key={v} value={v}>
                        {v === 'All' ? 'All' : `${v} only`}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
                <TableCell align="right" sx={{ width: 60 }}>
                  <Tooltip title="Stop asking it here">
                    <IconButton
                      aria-label={`Remove ${x.label} from ${studentsApi.PORTAL_STAGE_LABELS[stage]}`}
                      disabled={busy}
                      onClick={() =>
                        remove.mutate(x.id, { onSuccess: () => snack(`${x.label} was removed.`, 'success'), onError: handleApiError })
                      }
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">Nothing is asked in this stage yet.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { md: 'flex-start' } }}
        component="form"
        noValidate
        aria-label={`Add to ${studentsApi.PORTAL_STAGE_LABELS[stage]}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormControl size="small" sx={{ flex: 1, minWidth: 280 }} error={!!error}>
          <InputLabel id={`${stage}-add`}>Question or document to add</InputLabel>
          <Select
            labelId={`${stage}-add`}
            label="Question or document to add"
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setError('');
            }}
          >
            <ListSubheader>Custom questions</ListSubheader>
            {options.questions
              .filter((q) => !asked.has(q.id))
              .map((q) => (
                <MenuItem key={q.id} value={`q:${q.id}`}>
                  {q.name}
                </MenuItem>
              ))}
            <ListSubheader>Custom documents</ListSubheader>
            {options.documents
              .filter((d) => !asked.has(d.id))
              .map((d) => (
                <MenuItem key={d.id} value={`d:${d.id}`}>
                  {d.name} ({d.detail})
                </MenuItem>
              ))}
          </Select>
          {error ? (
            <Typography role="alert" variant="caption" color="error" sx={{ mt: 0.5, ml: 1.5 }}>
              {error}
            </Typography>
          ) : null}
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 150 }}>
          <InputLabel id={`${stage}-scope`}>Visa</InputLabel>
          <Select labelId={`${stage}-scope`} label="Visa" value={scope} onChange={(e) => setScope(e.target.value)}>
            {studentsApi.VISA_SCOPES.map((v) => (
              <MenuItem key={v} value={v}>
                {v === 'All' ? 'All' : `${v} only`}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button type="submit" variant="outlined" startIcon={<Add />} disabled={busy}>
          Add
        </Button>
      </Stack>
    </Paper>
  );
}

/** #/isss/student-stage-configuartion (the old product's spelling): which custom questions and documents each stage asks for. */
export function StageConfigurationPage() {
  useDocumentTitle('Stage Configuration');
  const items = useListStageItems();
  const options = useCustomItemOptions();
  if (items.isError) return <Alert severity="error">The stage configuration could not be loaded.</Alert>;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title="Stage Configuration"
        subtitle="The custom questions and documents students answer and upload in each stage. A stage cannot be finished while a required one is missing. Manage the questions and documents themselves in Question and Document Configuration."
      />
      {items.isPending ? (
        <PageLoader />
      ) : (
        <Stack spacing={3}>
          {studentsApi.PORTAL_STAGES.map((stage) => (
            <StageList key={stage} stage={stage} items={(items.data ?? []).filter((i) => i.stage === stage)} options={options} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
