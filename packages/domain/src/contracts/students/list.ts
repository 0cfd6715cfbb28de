// The students module's list routes (filled by the list slice).
export {};
