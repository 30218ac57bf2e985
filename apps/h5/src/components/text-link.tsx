import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A link-styled button to another page of the app (a button, so it joins the history like every in-app move). */
export function TextLink({
  to,
  replace,
  testId,
  children,
}: {
  to: string;
  /** Take the current page's place in the history (the way back skips it). */
  replace?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="text-link"
      onClick={() => navigate(to, replace ? { replace } : undefined)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
