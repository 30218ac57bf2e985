// The market routes' request and reply schemas.
export {};
