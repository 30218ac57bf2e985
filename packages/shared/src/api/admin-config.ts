// The admin-config routes' request and reply schemas.
export {};
