// The index-samples routes' request and reply schemas.
export {};
