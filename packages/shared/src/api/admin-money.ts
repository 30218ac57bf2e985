// The admin-money routes' request and reply schemas.
export {};
