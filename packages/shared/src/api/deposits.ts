// The deposits routes' request and reply schemas.
export {};
