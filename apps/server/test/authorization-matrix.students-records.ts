import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's records routes (see authorization-matrix.ts). */
export const STUDENTS_RECORDS_MATRIX: TMatrixRow[] = [];
