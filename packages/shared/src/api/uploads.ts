// The uploads routes' request and reply schemas.
export {};
