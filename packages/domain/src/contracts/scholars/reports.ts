// Scholars module contracts: the reports slice (issue 5).
export {};
