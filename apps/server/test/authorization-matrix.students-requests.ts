import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's requests routes (see authorization-matrix.ts). */
export const STUDENTS_REQUESTS_MATRIX: TMatrixRow[] = [];
