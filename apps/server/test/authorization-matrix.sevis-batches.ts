import type { TMatrixRow } from './authorization-matrix.js';

/** The sevis module's batches routes (issue 6). */
export const SEVIS_BATCHES_MATRIX: TMatrixRow[] = [];
