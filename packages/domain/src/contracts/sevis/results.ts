// SEVIS module contracts: the results slice (issue 6).
export {};
