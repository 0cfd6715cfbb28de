// The students module's records routes (filled by the records slice).
export {};
