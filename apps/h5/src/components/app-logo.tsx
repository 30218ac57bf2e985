/** The app's mark: a rising line on a soft accent tile (decorative; the app's name is always beside it). */
export function AppLogo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--app-accent-soft)" />
      <path
        d="M16 40l10-12 8 8 14-18"
        fill="none"
        stroke="var(--app-accent-text)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
