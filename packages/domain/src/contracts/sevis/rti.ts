// SEVIS module contracts: the rti slice (issue 6).
export {};
