// The approvals routes' request and reply schemas.
export {};
