/** What a long-lived service logs through: the app's pino logger, or a test's stand-in. */
export type ServiceLog = {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};
