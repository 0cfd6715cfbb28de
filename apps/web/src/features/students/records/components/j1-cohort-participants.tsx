import {
  Box,
  Button,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { FieldArrayWithId, UseFormReturn } from 'react-hook-form';
import { J1_COHORT_COLUMNS, J1_COHORT_MAX_PARTICIPANTS, type TJ1CohortParticipantField } from '@meridian/domain';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { visuallyHidden } from '../../../../ui/visually-hidden';
import {
  COHORT_DATE_FIELDS as DATE_FIELDS,
  COHORT_COUNTRY_FIELDS as COUNTRY_FIELDS,
  COHORT_PAGE_SIZE,
  pageOfRow,
  type TCohortForm,
} from './j1-cohort-form';

const MAX_LENGTH: Partial<Record<TJ1CohortParticipantField, number>> = { email: 65, gender: 1 };
/** Each column wide enough to read what it holds. */
const WIDTH: Record<TJ1CohortParticipantField, number> = {
  lastName: 160,
  firstName: 140,
  middleName: 120,
  email: 240,
  birthDate: 130,
  gender: 80,
  birthCity: 140,
  birthCountryCode: 90,
  citizenshipCountryCode: 90,
  permanentResidenceCountryCode: 90,
  programStartDate: 130,
  programEndDate: 130,
};
const TABLE_WIDTH = Object.values(WIDTH).reduce((a, b) => a + b + 16, 120);

interface Props {
  form: UseFormReturn<TCohortForm>;
  fields: FieldArrayWithId<TCohortForm, 'participants'>[];
  page: number;
  onPage: (page: number) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** The participants, a page of rows at a time: one line per person, every cell an input; rows are added and removed here. */
export function CohortParticipantsTable({ form, fields, page, onPage, onAdd, onRemove }: Props) {
  const first = page * COHORT_PAGE_SIZE;
  const shown = fields.slice(first, first + COHORT_PAGE_SIZE);
  return (
    <Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Participants" sx={{ minWidth: TABLE_WIDTH, tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>Row</TableCell>
              {J1_COHORT_COLUMNS.map((c) => (
                <TableCell key={c.field} sx={{ width: WIDTH[c.field] + 16, px: 1 }}>
                  {c.label}
                  {c.isRequired ? ' *' : ''}
                </TableCell>
              ))}
              <TableCell sx={{ width: 64 }}>
                <Box component="span" sx={visuallyHidden}>
                  Remove
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((field, k) => {
              const i = first + k;
              return (
                <TableRow key={field.id}>
                  <TableCell>{i + 1}</TableCell>
                  {J1_COHORT_COLUMNS.map((c) => (
                    <TableCell key={c.field} sx={{ verticalAlign: 'top', px: 1 }}>
                      {c.field === 'gender' ? (
                        <FormTextField
                          control={form.control}
                          name={`participants.${i}.gender`}
                          size="small"
                          select
                          fullWidth
                          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Row ${i + 1}: ${c.label}` } }}
                        >
                          <option value="" />
                          <option value="F">F</option>
                          <option value="M">M</option>
                        </FormTextField>
                      ) : (
                        <FormTextField
                          control={form.control}
                          name={`participants.${i}.${c.field}`}
                          size="small"
                          fullWidth
                          placeholder={DATE_FIELDS.has(c.field) ? 'MM/DD/YYYY' : undefined}
                          slotProps={{
                            htmlInput: {
                              'aria-label': `Row ${i + 1}: ${c.label}`,
                              maxLength: DATE_FIELDS.has(c.field) ? 10 : COUNTRY_FIELDS.has(c.field) ? 2 : (MAX_LENGTH[c.field] ?? 60),
                            },
                          }}
                        />
                      )}
                    </TableCell>
                  ))}
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Tooltip title={`Remove row ${i + 1}`}>
                      <IconButton aria-label={`Remove row ${i + 1}`} onClick={() => onRemove(i)} size="small">
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
        <Button startIcon={<AddOutlined />} onClick={onAdd} disabled={fields.length >= J1_COHORT_MAX_PARTICIPANTS}>
          Add a row
        </Button>
        {fields.length > COHORT_PAGE_SIZE ? (
          <TablePagination
            component="div"
            count={fields.length}
            page={page}
            onPageChange={(_e, p) => onPage(p)}
            rowsPerPage={COHORT_PAGE_SIZE}
            rowsPerPageOptions={[COHORT_PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) => `Rows ${from}–${to} of ${count}`}
          />
        ) : null}
      </Box>
    </Box>
  );
}

/** A link-like button that shows a row's page. */
export function ShowRowLink({ index, onPage }: { index: number; onPage: (page: number) => void }) {
  return (
    <Link component="button" type="button" onClick={() => onPage(pageOfRow(index))}>
      Row {index + 1}
    </Link>
  );
}
