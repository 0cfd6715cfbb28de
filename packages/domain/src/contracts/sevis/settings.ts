// SEVIS module contracts: the settings slice (issue 6).
export {};
