import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's portal routes (see authorization-matrix.ts). */
export const STUDENTS_PORTAL_MATRIX: TMatrixRow[] = [];
