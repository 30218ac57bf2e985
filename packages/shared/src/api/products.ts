// The products routes' request and reply schemas.
export {};
