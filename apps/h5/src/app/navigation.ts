import { ExitGuard } from '../lib/back-navigation';

/**
 * Browsers skip history entries a page added before the user ever interacted with it, so the exit
 * sentinel is only pushed once the page has had a user activation.
 */
function hasUserActivation(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

let guard: ExitGuard | null = null;

export function exitGuard(): ExitGuard {
  guard ??= new ExitGuard(window.history, hasUserActivation);
  return guard;
}
