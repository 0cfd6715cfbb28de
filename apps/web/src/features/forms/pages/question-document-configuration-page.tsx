import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { can, formsApi } from '@meridian/domain';
import { useGetCurrentUser } from '../../auth';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { snack } from '../../../ui/notify';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { useListCustomQuestions } from '../api/list-custom-questions';
import { useListCustomDocuments } from '../api/list-custom-documents';
import { useListLookupSets } from '../api/list-lookup-sets';
import { useDeleteCustomQuestion } from '../api/delete-custom-question';
import { useDeleteCustomDocument } from '../api/delete-custom-document';
import { CustomQuestionDialog } from '../components/custom-question-dialog';
import { CustomDocumentDialog } from '../components/custom-document-dialog';
import { LookupSetDialog } from '../components/lookup-set-dialog';

type TTab = 'questions' | 'documents' | 'lookup-sets';

function Flags({ flags }: { flags: [boolean, string][] }) {
  const on = flags.filter(([v]) => v);
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {on.map(([, l]) => (
        <Chip key={l} size="small" variant="outlined" label={l} />
      ))}
    </Stack>
  );
}

function Rows({ head, loading, empty, children }: { head: string[]; loading: boolean; empty: string | null; children: ReactNode }) {
  return (
    <>
      {loading ? <LinearProgress aria-label="Loading" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h} scope="col">
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {empty ? (
              <TableRow>
                <TableCell colSpan={head.length} sx={{ py: 4, textAlign: 'center' }}>
                  {empty}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function RowActions({
  name,
  mayManage,
  onEdit,
  onDelete,
}: {
  name: string;
  mayManage: boolean;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  if (!mayManage) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete ? (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${name}`} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}

/** #/admin/question-document-configuration: management custom questions, documents and lookup sets. */
export function QuestionDocumentConfigurationPage() {
  useDocumentTitle('Question and Document Manager');
  const me = useGetCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'forms.manage');
  const [filters, setFilters] = useUrlFilters({ tab: 'questions' });
  const tab = (['questions', 'documents', 'lookup-sets'].includes(filters.tab) ? filters.tab : 'questions') as TTab;
  const questions = useListCustomQuestions();
  const documents = useListCustomDocuments();
  const sets = useListLookupSets();
  const delQ = useDeleteCustomQuestion();
  const delD = useDeleteCustomDocument();
  const [editQ, setEditQ] = useState<formsApi.TCustomQuestion | 'new' | null>(null);
  const [editD, setEditD] = useState<formsApi.TCustomDocument | 'new' | null>(null);
  const [editS, setEditS] = useState<formsApi.TLookupSet | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<{ kind: 'question' | 'document'; id: string; name: string } | null>(null);

  const newLabel = { questions: 'New question', documents: 'New document', 'lookup-sets': 'New lookup set' }[tab];
  const onNew = () => (tab === 'questions' ? setEditQ('new') : tab === 'documents' ? setEditD('new') : setEditS('new'));

  return (
    <Box>
      <PageHeader
        title="Question and Document Manager"
        subtitle="Questions and documents the office asks for on student and scholar records, and the option lists they use."
        actions={
          mayManage ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onNew}>
              {newLabel}
            </Button>
          ) : null
        }
      />
      <Tabs value={tab} onChange={(_, v: TTab) => setFilters({ tab: v })} aria-label="Configuration lists" sx={{ mb: 2 }}>
        <Tab value="questions" label="Questions" />
        <Tab value="documents" label="Documents" />
        <Tab value="lookup-sets" label="Lookup sets" />
      </Tabs>
      <Paper variant="outlined">
        {tab === 'questions' ? (
          <Rows
            head={['Order', 'Question', 'Type', 'Settings', '']}
            loading={questions.isFetching}
            empty={!questions.isFetching && !questions.data?.length ? 'No custom questions yet.' : null}
          >
            {(questions.data ?? []).map((q) => (
              <TableRow key={q.id} hover>
                <TableCell>{q.ordinal}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {q.questionText}
                </TableCell>
                <TableCell>{formsApi.CUSTOM_QUESTION_TYPE_LABELS[q.questionType]}</TableCell>
                <TableCell>
                  <Flags
                    flags={[
                      [q.isRequired, 'Required'],
                      [!q.isActive, 'Inactive'],
                      [q.isHidden, 'Hidden'],
                    ]}
                  />
                </TableCell>
                <TableCell align="right">
                  <RowActions
                    name={q.questionText}
                    mayManage={mayManage}
                    onEdit={() => setEditQ(q)}
                    onDelete={() => setToDelete({ kind: 'question', id: q.id, name: q.questionText })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </Rows>
        ) : tab === 'documents' ? (
          <Rows
            head={['Order', 'Document', 'Type', 'Needed for', 'Settings', '']}
            loading={documents.isFetching}
            empty={!documents.isFetching && !documents.data?.length ? 'No custom documents yet.' : null}
          >
            {(documents.data ?? []).map((d) => (
              <TableRow key={d.id} hover>
                <TableCell>{d.ordinal}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {d.name}
                </TableCell>
                <TableCell>
                  {d.documentType === 'questionnaire' ? `Questionnaire: ${d.questionnaireName ?? ''}` : 'File to upload'}
                </TableCell>
                <TableCell>{formsApi.DOCUMENT_APPLIES_TO_LABELS[d.appliesTo]}</TableCell>
                <TableCell>
                  <Flags
                    flags={[
                      [d.isRequired, 'Required'],
                      [d.isVisibleToStudent, 'Visible to student'],
                      [d.isHidden, 'Hidden'],
                    ]}
                  />
                </TableCell>
                <TableCell align="right">
                  <RowActions
                    name={d.name}
                    mayManage={mayManage}
                    onEdit={() => setEditD(d)}
                    onDelete={() => setToDelete({ kind: 'document', id: d.id, name: d.name })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </Rows>
        ) : (
          <Rows
            head={['Name', 'Options', '']}
            loading={sets.isFetching}
            empty={!sets.isFetching && !sets.data?.length ? 'No lookup sets yet.' : null}
          >
            {(sets.data ?? []).map((s) => (
              <TableRow key={s.id} hover>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {s.name}
                </TableCell>
                <TableCell>{s.options.map((o) => o.label).join(', ')}</TableCell>
                <TableCell align="right">
                  <RowActions name={s.name} mayManage={mayManage} onEdit={() => setEditS(s)} />
                </TableCell>
              </TableRow>
            ))}
          </Rows>
        )}
      </Paper>
      {editQ ? <CustomQuestionDialog question={editQ === 'new' ? null : editQ} onClose={() => setEditQ(null)} /> : null}
      {editD ? <CustomDocumentDialog doc={editD === 'new' ? null : editD} onClose={() => setEditD(null)} /> : null}
      {editS ? <LookupSetDialog set={editS === 'new' ? null : editS} onClose={() => setEditS(null)} /> : null}
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${toDelete?.kind ?? ''}`}
        destructive
        confirmLabel="Delete"
        busy={delQ.isPending || delD.isPending}
        message={`Delete "${toDelete?.name ?? ''}"? It is no longer asked for; what was already given stays on the records.`}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const t = toDelete;
          if (!t) return;
          const done = { onSuccess: () => snack(`"${t.name}" was deleted.`, 'success'), onSettled: () => setToDelete(null) };
          if (t.kind === 'question') delQ.mutate(t.id, done);
          else delD.mutate(t.id, done);
        }}
      />
    </Box>
  );
}
