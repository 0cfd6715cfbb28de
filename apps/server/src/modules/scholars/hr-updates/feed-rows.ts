import {
  checkHrFeedRow,
  describeHrFeedIssue,
  findHrFeedDuplicates,
  HR_FEED_FIELDS,
  HR_FEED_MAX_ROWS,
  HR_FEED_MSG,
  mapHrFeedHeader,
  scholarsApi,
  type THrComparedField,
  type THrFeedField,
  type THrFeedRow,
} from '@meridian/domain';
import { readFeedFileRows, readFeedJsonRows, type TFeedSpec } from '../../../platform/files/feed-rows.js';
import { readImportFile } from '../../students/index.js';

type TNotes = Partial<Record<THrComparedField, string>>;

/** A feed row as checked: its number, its values, and what the case would not take of them. */
export interface THrCheckedRow {
  rowNo: number;
  row: THrFeedRow;
  notes: TNotes;
}

/** A checked feed: its rows, and the header cells of a file it does not read. */
export interface THrFeed {
  rows: THrCheckedRow[];
  ignored: string[];
}

/** The HR feed: checked against the office's departments (by code or name); a row's problems listed by column. */
const FEED: TFeedSpec<THrFeedField, THrFeedRow, TNotes, ReadonlyMap<string, string>> = {
  fields: HR_FEED_FIELDS,
  maxRows: HR_FEED_MAX_ROWS,
  msg: HR_FEED_MSG,
  refusedMessage: scholarsApi.HR_UPDATES_MSG.fileRefused,
  byColumn: true,
  mapHeader: mapHrFeedHeader,
  checkRow: checkHrFeedRow,
  findDuplicates: findHrFeedDuplicates,
  describeIssue: describeHrFeedIssue,
  readFile: readImportFile,
};

/**
 * Reads an uploaded feed (CSV or XLSX, as a stream: at most HR_FEED_MAX_ROWS rows are kept) and checks it: its
 * header in any order and case, then every row. Problems refuse the whole file, each on its row and column.
 */
export function readHrFeedFile(
  fileName: string,
  data: Buffer,
  departments: ReadonlyMap<string, string>,
  onRow: (read: number) => void = () => {},
): Promise<THrFeed> {
  return readFeedFileRows(FEED, fileName, data, departments, onRow);
}

/** Checks the rows HR pushed as JSON with the same rules as a file's cells (a number read as its text, null as "not given"). */
export function readHrFeedJson(input: scholarsApi.THrFeedInput['rows'], departments: ReadonlyMap<string, string>): THrFeed {
  return readFeedJsonRows(FEED, input, departments);
}
