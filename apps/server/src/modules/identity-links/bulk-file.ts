import { identityLinksApi as A } from '@meridian/domain';
import { AppError } from '../../platform/errors/app-error.js';
import { checkImportFileType, readImportFile } from '../students/index.js';

/*
 * The bulk link file (docs/product/integrated-user-tool.md#bulk-link): CSV or XLSX, read by the platform's
 * streaming spreadsheet reader through the same upload checks as the student imports; a header row naming an
 * account column (email or user_name) and an id column (campus_id for students, employee_id for scholars).
 */

const M = A.MSG_IDENTITY_LINKS;

type TColumn = 'email' | 'userName' | 'campusId' | 'employeeId';

/** Header cells as offices write them, compared without case, spaces, '-' or '_'. */
const HEADERS: Record<string, TColumn> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  username: 'userName',
  user: 'userName',
  login: 'userName',
  campusid: 'campusId',
  sisid: 'campusId',
  studentid: 'campusId',
  employeeid: 'employeeId',
  hrid: 'employeeId',
  emplid: 'employeeId',
};
const keyOf = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/g, '');

/** One row of the file as read: its number in the spreadsheet and its cells by column. */
export interface TBulkFileRow {
  rowNo: number;
  email: string;
  userName: string;
  campusId: string;
  employeeId: string;
}

const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/** Reads the rows of an upload; a file without a usable header or rows is refused on its file field. */
export async function readBulkFile(fileName: string, data: Buffer): Promise<TBulkFileRow[]> {
  checkImportFileType(fileName, data);
  const [header, ...body] = await readImportFile(fileName, data, A.BULK_LINK_MAX_ROWS + 2);
  if (!header || body.length === 0) throw fileError(M.noRows);
  if (body.length > A.BULK_LINK_MAX_ROWS) throw fileError(M.tooManyRows(A.BULK_LINK_MAX_ROWS));
  const at: Partial<Record<TColumn, number>> = {};
  header.cells.forEach((cell, i) => {
    const column = HEADERS[keyOf(cell)];
    if (column && at[column] === undefined) at[column] = i;
  });
  if (at.email === undefined && at.userName === undefined) throw fileError(M.noAccountColumn);
  if (at.campusId === undefined && at.employeeId === undefined) throw fileError(M.noIdColumn);
  const cell = (cells: string[], c: TColumn) => (at[c] === undefined ? '' : (cells[at[c]] ?? '').trim());
  return body.map(({ rowNo, cells }) => ({
    rowNo,
    email: cell(cells, 'email'),
    userName: cell(cells, 'userName'),
    campusId: cell(cells, 'campusId'),
    employeeId: cell(cells, 'employeeId'),
  }));
}
