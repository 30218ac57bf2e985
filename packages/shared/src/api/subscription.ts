// The subscription routes' request and reply schemas.
export {};
