// The students module's requests routes (filled by the requests slice).
export {};
