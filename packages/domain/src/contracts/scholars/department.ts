// Scholars module contracts: the department slice (issue 5).
export {};
