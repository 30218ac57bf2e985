/** A promise settled from outside: `fire()` resolves `fired` (tests that hold one step until another). */
export function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}
