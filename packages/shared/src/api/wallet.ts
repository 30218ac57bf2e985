// The wallet routes' request and reply schemas.
export {};
