// The students module's opt routes (filled by the opt slice).
export {};
