import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Search from '@mui/icons-material/Search';
import { can, formsApi } from '@meridian/domain';
import { useCurrentUser } from '../../auth';
import { useDocumentTitle } from '../../../app/use-document-title';
import { actorOf } from '../../../shells/common/menu';
import { PageHeader } from '../../../ui/page-header';
import { formatDate } from '../../../ui/format-date';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { useQuestionnaireList } from '../api/list-questionnaires';

// Spec 000 s9: page size 10, start 1, ascending, 'EB Scholars', bRetired 0.
const DEFAULTS = { keywords: '', programType: formsApi.DEFAULT_PROGRAM_TYPE, bRetired: '0', order: 'asc', page: '1' };

function toQuery(f: typeof DEFAULTS): formsApi.TListQuestionnairesQuery {
  const parsed = formsApi.ZListQuestionnairesQuery.safeParse({ ...f, pageSize: 10 });
  return parsed.success ? parsed.data : formsApi.ZListQuestionnairesQuery.parse({ keywords: f.keywords.slice(0, 100) });
}

/** #/admin/form-management (Configuration > Form Management). */
export function FormManagementPage() {
  useDocumentTitle('Form Management');
  const me = useCurrentUser();
  const actor = me.data ? actorOf(me.data) : null;
  const mayManage = can(actor, 'forms.manage');
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const query = useMemo(() => toQuery(filters), [filters]);
  const list = useQuestionnaireList(query);
  const [search, setSearch] = useState(filters.keywords);

  useEffect(() => setSearch(filters.keywords), [filters.keywords]);
  useEffect(() => {
    if (search === filters.keywords) return;
    const id = window.setTimeout(() => setFilters({ keywords: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = list.data?.items ?? [];
  const retired = query.bRetired === '1';

  return (
    <Box>
      <PageHeader
        title="Form Management"
        subtitle="Questionnaires that scholars, departments and students fill in with their requests."
        actions={
          mayManage ? (
            <Button component={RouterLink} to="/admin/form-management/new" variant="contained" startIcon={<AddOutlined />}>
              New questionnaire
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        <Box role="search" aria-label="Filter questionnaires" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
          <TextField
            label="Search"
            placeholder="Name or description"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            margin="none"
            sx={{ flex: '1 1 280px', maxWidth: 420 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100 },
            }}
          />
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="fm-program-label">Program type</InputLabel>
            <Select
              labelId="fm-program-label"
              label="Program type"
              value={query.programType}
              onChange={(e) => setFilters({ programType: e.target.value, page: '1' })}
            >
              {formsApi.PROGRAM_TYPES.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="fm-status-label">Status</InputLabel>
            <Select
              labelId="fm-status-label"
              label="Status"
              value={query.bRetired}
              onChange={(e) => setFilters({ bRetired: e.target.value, page: '1' })}
            >
              <MenuItem value="0">Active</MenuItem>
              <MenuItem value="1">Retired</MenuItem>
            </Select>
          </FormControl>
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading questionnaires" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Questionnaires" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col" sortDirection={query.order}>
                  <TableSortLabel
                    active
                    direction={query.order}
                    onClick={() => setFilters({ order: query.order === 'asc' ? 'desc' : 'asc', page: '1' })}
                  >
                    Name
                  </TableSortLabel>
                </TableCell>
                <TableCell scope="col">Description</TableCell>
                <TableCell scope="col" align="right">
                  Questions
                </TableCell>
                <TableCell scope="col" align="right">
                  Version
                </TableCell>
                <TableCell scope="col" sx={{ whiteSpace: 'nowrap' }}>
                  Last changed
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((q) => (
                <TableRow key={q.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={`/admin/form-management/${q.id}`}>
                      {q.name}
                    </Link>
                    {q.isConditional ? <Chip size="small" label="Conditional" variant="outlined" sx={{ ml: 1 }} /> : null}
                    {q.isRetired ? <Chip size="small" label="Retired" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{q.description}</TableCell>
                  <TableCell align="right">{q.itemCount}</TableCell>
                  <TableCell align="right">{q.versionNo}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(q.updatedAt)}</TableCell>
                </TableRow>
              ))}
              {!list.isFetching && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 4, textAlign: 'center' }}>
                    {list.isError ? (
                      <>
                        The questionnaires could not be loaded.{' '}
                        <Button size="small" onClick={() => void list.refetch()}>
                          Try again
                        </Button>
                      </>
                    ) : (
                      `No ${retired ? 'retired' : 'active'} ${query.programType} questionnaires match these filters.`
                    )}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={Math.max(0, query.page - 1)}
          rowsPerPage={10}
          rowsPerPageOptions={[10]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
        />
      </Paper>
    </Box>
  );
}
