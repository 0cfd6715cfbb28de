import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's opt routes (see authorization-matrix.ts). */
export const STUDENTS_OPT_MATRIX: TMatrixRow[] = [];
