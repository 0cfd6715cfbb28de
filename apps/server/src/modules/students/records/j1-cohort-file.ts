import type { Readable } from 'node:stream';
import {
  J1_COHORT_FILE_MSG,
  J1_COHORT_MAX_PARTICIPANTS,
  j1CohortHeader,
  j1CohortRowValues,
  type TJ1CohortFileRow,
  type TJ1CohortParticipantField,
} from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { readSheetRows, SheetReadError, sheetKindOf } from '../../../platform/files/spreadsheet-rows.js';

const pad = (n: number) => String(n).padStart(2, '0');

const fileError = (messages: string[]) => new AppError(400, 'VALIDATION', messages[0]!, { file: messages });

/**
 * Collects the participant rows while a file is read: the first non-empty row is the header, wholly
 * empty rows are skipped, and no row after the limit is kept. `stopAtLimit`: the row after the limit
 * stops the reading with its message at once (CSV); otherwise the rest is read without being kept and the
 * message comes at the end (XLSX, see readXlsx).
 */
class RowCollector {
  private fields: (TJ1CohortParticipantField | null)[] | null = null;
  private tooMany = false;
  readonly rows: TJ1CohortFileRow[] = [];

  constructor(
    private readonly limit: number,
    private readonly stopAtLimit: boolean,
    private readonly onRow: (kept: number) => void,
  ) {}

  add(rowNo: number, cells: string[]): void {
    if (this.tooMany || !cells.some((c) => c.trim() !== '')) return;
    if (!this.fields) {
      const header = j1CohortHeader(cells);
      if (header.problems.length) throw fileError(header.problems);
      this.fields = header.fields;
      return;
    }
    if (this.rows.length >= this.limit) {
      if (this.stopAtLimit) throw fileError([J1_COHORT_FILE_MSG.tooManyRows]);
      this.tooMany = true;
      return;
    }
    this.rows.push({ rowNo, values: j1CohortRowValues(this.fields, cells) });
    this.onRow(this.rows.length);
  }

  done(): TJ1CohortFileRow[] {
    if (this.tooMany) throw fileError([J1_COHORT_FILE_MSG.tooManyRows]);
    if (!this.rows.length) throw fileError([J1_COHORT_FILE_MSG.empty]);
    return this.rows;
  }
}

/**
 * Reads a participants file (CSV or XLSX, as its name says and its first bytes agree), from a stream or
 * its bytes, into participant rows for review (docs/product/students-records.md#j-1-cohort). A stream is
 * read as it comes and never held whole, and no row after `limit` is kept: a CSV stops at the row after
 * the limit ("more than N rows"), an XLSX says so once its sheet is read. A stream is not destroyed
 * here: the caller may drain what was not read. `onRow` is told how many rows were kept so far.
 */
export async function readJ1CohortRows(
  fileName: string,
  input: Readable | Buffer,
  limit: number = J1_COHORT_MAX_PARTICIPANTS,
  onRow: (kept: number) => void = () => {},
): Promise<TJ1CohortFileRow[]> {
  // A CSV stops at the row after the limit ("more than N rows"); an XLSX is read to its end (see readSheetRows).
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const rows = new RowCollector(limit, ext !== 'xlsx', onRow);
  try {
    await readSheetRows(
      fileName,
      input,
      ({ rowNo, cells }) => {
        rows.add(rowNo, cells);
        return 'more';
      },
      { dateText: (y, m, d) => `${y}-${pad(m)}-${pad(d)}` },
    );
  } catch (e) {
    if (e instanceof SheetReadError) throw fileError([J1_COHORT_FILE_MSG[e.problem]]);
    throw e;
  }
  return rows.done();
}

/** Refuses at once, before a participants file is kept for reading, one whose content does not match its name. */
export function checkJ1CohortFileType(fileName: string, data: Buffer): void {
  try {
    sheetKindOf(fileName, data);
  } catch (e) {
    if (e instanceof SheetReadError) throw fileError([J1_COHORT_FILE_MSG[e.problem]]);
    throw e;
  }
}
