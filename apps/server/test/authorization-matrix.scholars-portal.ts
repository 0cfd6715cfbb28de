import type { TMatrixRow } from './authorization-matrix.js';

/** The scholars module's portal routes (issue 5). */
export const SCHOLARS_PORTAL_MATRIX: TMatrixRow[] = [];
