// Scholars module contracts: the office slice (issue 5).
export {};
