// The operators routes' request and reply schemas.
export {};
