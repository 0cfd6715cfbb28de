// The students module's portal routes (filled by the portal slice).
export {};
