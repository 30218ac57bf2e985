import './auth-heading.css';

/** The large title and subtitle at the top of the auth pages. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="auth-heading">
      <h2 className="auth-heading__title">{title}</h2>
      {subtitle ? <p className="auth-heading__subtitle">{subtitle}</p> : null}
    </div>
  );
}
