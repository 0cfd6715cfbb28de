import type { TMatrixRow } from './authorization-matrix.js';

/** The sevis module's settings routes (issue 6). */
export const SEVIS_SETTINGS_MATRIX: TMatrixRow[] = [];
