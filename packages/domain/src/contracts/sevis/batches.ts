// SEVIS module contracts: the batches slice (issue 6).
export {};
