import type { TMatrixRow } from './authorization-matrix.js';

/** The scholars module's department routes (issue 5). */
export const SCHOLARS_DEPARTMENT_MATRIX: TMatrixRow[] = [];
