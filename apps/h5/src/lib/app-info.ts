/** Product name shown in the header, the left menu and the about sheet. */
export const APP_NAME = 'H5 Exchange';

/** The client version the spec names; also written to local storage under `version`. */
export const APP_VERSION = '3.5.8';
