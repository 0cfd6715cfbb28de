import type { TMatrixRow } from './authorization-matrix.js';

/** The students module's list routes (see authorization-matrix.ts). */
export const STUDENTS_LIST_MATRIX: TMatrixRow[] = [];
