// The dashboard routes' request and reply schemas.
export {};
