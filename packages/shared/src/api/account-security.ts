// The account-security routes' request and reply schemas.
export {};
