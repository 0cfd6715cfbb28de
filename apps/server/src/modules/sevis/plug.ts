import { provideNewRecordSevisCheck } from '../students/index.js';
import { newRecordCreateProblems } from './xml/new-record-check.js';

/** What the SEVIS module adds to the layers below it. */
export function plugSevis(): void {
  // A batch upload of students says, row by row, what SEVIS will need to create each new record.
  provideNewRecordSevisCheck(newRecordCreateProblems);
}
