import type { TMatrixRow } from './authorization-matrix.js';

/** The sevis module's results routes (issue 6). */
export const SEVIS_RESULTS_MATRIX: TMatrixRow[] = [];
