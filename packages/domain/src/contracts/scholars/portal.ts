// Scholars module contracts: the portal slice (issue 5).
export {};
