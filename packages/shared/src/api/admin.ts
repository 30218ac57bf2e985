// The admin routes' request and reply schemas.
export {};
