import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { lookupsApi, MSG, ZLookupKey } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { failureMessage } from '../../../app/errors/failure';
import { useDocumentTitle } from '../../../app/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { DateInput } from '../../../ui/date-input';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { snack } from '../../../ui/notify';
import {
  exportLookup,
  useListLookups,
  useLookupValues,
  useReorderLookupValues,
  useRestoreLookupValue,
  useRetireLookupValue,
} from '../api/lookups';
import { LookupValueDialog } from '../components/lookup-value-dialog';
import { useLookupsBase } from '../lookups-base';

type TValue = lookupsApi.TLookupValue;
type TList = lookupsApi.TLookupList;

const FILTER_OPTIONS = lookupsApi.LOOKUP_VALUE_FILTERS.map((f) => ({ value: f, label: lookupsApi.LOOKUP_VALUE_FILTER_LABELS[f] }));
const STATE_COLOR = { active: 'success', retired: 'default', scheduled: 'info' } as const;

/** #/isss/lookups/:key: one list's values, paged and searched on the server, with their changes (docs/product/lookups.md#a-lists-values). */
export function LookupListPage() {
  const { key } = useParams();
  const parsed = ZLookupKey.safeParse(key);
  const lists = useListLookups();
  const base = useLookupsBase();
  if (!parsed.success) return <Alert severity="warning">{MSG.notFound}</Alert>;
  if (lists.isPending) return <PageLoader />;
  const list = lists.data?.items.find((l) => l.key === parsed.data);
  if (!list) return <Alert severity="error">{MSG.defaultError}</Alert>;
  return <ListValues key={list.key} list={list} base={base} />;
}

function ListValues({ list, base }: { list: TList; base: string }) {
  useDocumentTitle(`${list.name} · Lookups`);
  const { formatDate, today } = useFormatDates();
  const table = useUrlTable({ filters: { q: '', filter: 'all' }, sorts: lookupsApi.LOOKUP_SORTS, sort: 'order', pageSize: 25 });
  const filter = lookupsApi.LOOKUP_VALUE_FILTERS.find((f) => f === table.filters.filter) ?? 'all';
  const query = {
    q: table.filters.q || undefined,
    filter,
    sort: table.sort,
    order: table.order,
    page: table.page,
    pageSize: table.pageSize,
  };
  const values = useLookupValues(list.key, query);
  const reorder = useReorderLookupValues();
  const retire = useRetireLookupValue();
  const restore = useRestoreLookupValue();
  const [editing, setEditing] = useState<TValue | 'new' | null>(null);
  const [retiring, setRetiring] = useState<{ value: TValue; from: string } | null>(null);
  const [retireError, setRetireError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = values.data?.items;
  // Moving a value is meaningful in the list's own order, unfiltered: it swaps places with its neighbour on the page.
  const canMove = table.sort === 'order' && table.order === 'asc' && !table.filters.q && filter === 'all';

  const move = (i: number, by: -1 | 1) => {
    const a = rows?.[i];
    const b = rows?.[i + by];
    if (!a || !b) return;
    reorder.mutate(
      { key: list.key, valueIds: by < 0 ? [a.id, b.id] : [b.id, a.id] },
      {
        onSuccess: () => snack(`${a.label} moved ${by < 0 ? 'up' : 'down'}.`, 'success'),
        onError: (e) => snack(failureMessage(e), 'error'),
      },
    );
  };

  const columns: TColumn<TValue>[] = [
    { key: 'code', header: 'Code', sort: 'code', noWrap: true, cell: (v) => <Box sx={{ fontFamily: 'monospace' }}>{v.code}</Box> },
    {
      key: 'label',
      header: 'Label',
      sort: 'label',
      isRowHeader: true,
      cell: (v) => (
        <>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {v.label}
          </Typography>
          {v.officialLabel && v.officialLabel !== v.label ? (
            <Typography variant="caption" component="div" color="text.secondary">
              SEVIS: {v.officialLabel}
            </Typography>
          ) : null}
          {!v.isOfficial ? (
            <Typography variant="caption" component="div" color="text.secondary">
              The office’s value
            </Typography>
          ) : null}
        </>
      ),
    },
    ...list.attributes.map<TColumn<TValue>>((a) => ({
      key: `attr-${a.key}`,
      header: a.label,
      noWrap: true,
      cell: (v) => v.attributes[a.key] ?? '',
    })),
    {
      key: 'state',
      header: 'State',
      noWrap: true,
      cell: (v) => (
        <>
          <Chip size="small" variant="outlined" color={STATE_COLOR[v.state]} label={lookupsApi.LOOKUP_VALUE_STATE_LABELS[v.state]} />
          {v.activeUntil ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {v.state === 'retired' ? 'Retired' : 'Retires'} {formatDate(v.activeUntil)}
            </Typography>
          ) : null}
          {v.activeFrom && v.state === 'scheduled' ? (
            <Typography variant="caption" component="div" color="text.secondary">
              From {formatDate(v.activeFrom)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: <span>Actions</span>,
      noWrap: true,
      cell: (v) => {
        const i = rows?.indexOf(v) ?? -1;
        return (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {canMove ? (
              <>
                <Tooltip title="Move up">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${v.label} up`}
                      disabled={i <= 0 || reorder.isPending}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${v.label} down`}
                      disabled={i < 0 || i >= (rows?.length ?? 0) - 1 || reorder.isPending}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            ) : null}
            <Button size="small" onClick={() => setEditing(v)} aria-label={`Edit ${v.label}`}>
              Edit
            </Button>
            {v.activeUntil ? (
              <Button
                size="small"
                disabled={restore.isPending}
                aria-label={`Offer ${v.label} again`}
                onClick={() =>
                  restore.mutate(
                    { key: list.key, valueId: v.id },
                    {
                      onSuccess: () => snack(`${v.label} is offered again.`, 'success'),
                      onError: (e) => snack(failureMessage(e), 'error'),
                    },
                  )
                }
              >
                Offer again
              </Button>
            ) : (
              <Button
                size="small"
                aria-label={`Retire ${v.label}`}
                onClick={() => {
                  setRetireError(null);
                  setRetiring({ value: v, from: today() });
                }}
              >
                Retire
              </Button>
            )}
          </Stack>
        );
      },
    },
  ];

  const doRetire = () => {
    if (!retiring) return;
    setRetireError(null);
    retire.mutate(
      { key: list.key, valueId: retiring.value.id, body: { activeUntil: retiring.from || null } },
      {
        onSuccess: (saved) => {
          snack(
            saved.state === 'retired' ? `${saved.label} is retired.` : `${saved.label} retires ${formatDate(saved.activeUntil)}.`,
            'success',
          );
          setRetiring(null);
        },
        onError: (e) => setRetireError(failureMessage(e)),
      },
    );
  };

  return (
    <Box>
      <Button component={RouterLink} to={base} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        All lists
      </Button>
      <PageHeader
        title={list.name}
        subtitle={
          <>
            {list.description}
            {list.source ? ` Source: ${list.source}.` : ''}
          </>
        }
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                exportLookup(list.key)
                  .catch((e: unknown) => snack(failureMessage(e), 'error'))
                  .finally(() => setExporting(false));
              }}
            >
              Export CSV
            </Button>
            {list.allowsOfficeValues ? (
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
                Add value
              </Button>
            ) : null}
          </>
        }
      />
      {!list.allowsOfficeValues ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This list holds SEVIS’s codes: the office relabels, reorders and retires them, and cannot add codes of its own.
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, pb: 0, alignItems: { sm: 'center' } }}>
          <SearchField
            label="Search"
            placeholder="Code or label"
            value={table.filters.q}
            onChange={(q) => table.setFilters({ q })}
            sx={{ minWidth: 260 }}
          />
          <SelectFilter
            id="lookup-filter"
            label="Show"
            value={filter}
            onChange={(f) => table.setFilters({ filter: f })}
            options={FILTER_OPTIONS}
            width={220}
            anyLabel={null}
          />
        </Stack>
        <DataTable
          label={`${list.name}: values`}
          columns={columns}
          rows={rows}
          rowKey={(v) => v.id}
          query={values}
          loadingLabel="Loading the values"
          empty={table.filters.q ? 'No value matches the search.' : 'This list has no values of this kind.'}
          total={values.data?.total}
          paging={table.paging}
          sorting={table.sorting}
          minWidth={760}
        />
      </Paper>
      {editing ? <LookupValueDialog list={list} value={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={!!retiring}
        title="Retire value"
        width="sm"
        message={retiring ? `Retire ${retiring.value.label} (${retiring.value.code}) from ${list.name}?` : ''}
        effects={[
          'From the day chosen, forms no longer offer it.',
          'Records and requests that already hold it keep it, and still show its label.',
          'It can be offered again at any time.',
        ]}
        error={retireError}
        confirmLabel="Retire"
        busy={retire.isPending}
        onConfirm={doRetire}
        onCancel={() => setRetiring(null)}
      >
        <DateInput
          id="lookup-retire-from"
          label="No longer offered from"
          fullWidth
          margin="dense"
          value={retiring?.from ?? ''}
          onChange={(from) => setRetiring((r) => (r ? { ...r, from } : r))}
          helperText="MM/DD/YYYY. From this day on, forms no longer offer it."
        />
      </ConfirmDialog>
    </Box>
  );
}
