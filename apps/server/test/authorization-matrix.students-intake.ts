import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's intake routes (see authorization-matrix.ts). */
export const STUDENTS_INTAKE_MATRIX: TMatrixRow[] = [];
