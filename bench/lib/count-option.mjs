/**
 * The reader of a bench's count options: `option('ops', 1_000_000)` is `--ops N` as a positive whole
 * number, or the fallback when the option is absent. Anything else cannot be measured, so the bench
 * ends there with a usage message on stderr (exit status 2).
 */
export function countOption(bench, args = process.argv.slice(2)) {
  return (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    if (index < 0) return fallback;
    const value = Number(args[index + 1]);
    if (!Number.isSafeInteger(value) || value <= 0) {
      console.error(`${bench}: --${name} needs a positive integer`);
      process.exit(2);
    }
    return value;
  };
}
