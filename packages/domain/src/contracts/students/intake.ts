// The students module's intake routes (filled by the intake slice).
export {};
