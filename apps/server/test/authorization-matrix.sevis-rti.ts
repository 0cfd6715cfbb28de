import type { TMatrixRow } from './authorization-matrix.js';

/** The sevis module's rti routes (issue 6). */
export const SEVIS_RTI_MATRIX: TMatrixRow[] = [];
