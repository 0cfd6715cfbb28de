import type { TMatrixRow } from './authorization-matrix.js';

/** The scholars module's office routes (issue 5). */
export const SCHOLARS_OFFICE_MATRIX: TMatrixRow[] = [];
