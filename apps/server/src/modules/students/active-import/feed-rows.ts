import {
  ACTIVE_IMPORT_FIELDS,
  ACTIVE_IMPORT_MAX_ROWS,
  ACTIVE_IMPORT_MSG,
  checkActiveImportRow,
  describeActiveImportIssue,
  findActiveImportDuplicates,
  mapActiveImportHeader,
  studentsApi,
  type TActiveImportField,
  type TActiveImportRow,
} from '@meridian/domain';
import { readFeedFileRows, readFeedJsonRows, type TFeedSpec } from '../../../platform/files/feed-rows.js';
import { readImportFile } from '../intake/import-file.js';

type TNotes = Partial<Record<TActiveImportField, string>>;

/** A feed row as checked: its number, its values, and what SEVIS would not take of them. */
export interface TFeedRow {
  rowNo: number;
  row: TActiveImportRow;
  notes: TNotes;
}

/** A checked feed: its rows, and the header cells of a file it does not read. */
export interface TFeed {
  rows: TFeedRow[];
  ignored: string[];
}

/** The enrolment feed: checked against the office's campus site codes; a row's problems listed as found. */
const FEED: TFeedSpec<TActiveImportField, TActiveImportRow, TNotes, ReadonlySet<string>> = {
  fields: ACTIVE_IMPORT_FIELDS,
  maxRows: ACTIVE_IMPORT_MAX_ROWS,
  msg: ACTIVE_IMPORT_MSG,
  refusedMessage: studentsApi.ACTIVE_IMPORT_MSG_API.fileRefused,
  byColumn: false,
  mapHeader: mapActiveImportHeader,
  checkRow: checkActiveImportRow,
  findDuplicates: findActiveImportDuplicates,
  describeIssue: describeActiveImportIssue,
  readFile: readImportFile,
};

/**
 * Reads an uploaded feed (CSV or XLSX, as a stream: at most ACTIVE_IMPORT_MAX_ROWS rows are kept) and checks
 * it: its header in any order and case, then every row. Problems refuse the whole file, each on its row and column.
 */
export function readFeedFile(
  fileName: string,
  data: Buffer,
  sites: ReadonlySet<string>,
  onRow: (read: number) => void = () => {},
): Promise<TFeed> {
  return readFeedFileRows(FEED, fileName, data, sites, onRow);
}

/**
 * Checks the rows a campus system pushed as JSON, with the same rules as a file's cells (a number is read
 * as its text, null or absent as "not given"). Problems refuse the whole push, each on rows.<index>.<field>.
 */
export function readFeedJson(input: studentsApi.TActiveStudentFeedInput['rows'], sites: ReadonlySet<string>): TFeed {
  return readFeedJsonRows(FEED, input, sites);
}
