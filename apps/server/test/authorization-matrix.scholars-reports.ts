import type { TMatrixRow } from './authorization-matrix.js';

/** The scholars module's reports routes (issue 5). */
export const SCHOLARS_REPORTS_MATRIX: TMatrixRow[] = [];
