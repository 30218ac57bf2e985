import { TextLink } from '../../../components/text-link';
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

/** Under a sign-in form: the question and the link to the other form (sign in ↔ register). */
export function AuthFooter(props: { question: string; link: string; to: string; replace?: boolean; testId: string }) {
  return (
    <div className="auth-footer">
      {props.question}
      <TextLink to={props.to} replace={props.replace} testId={props.testId}>
        {props.link}
      </TextLink>
    </div>
  );
}
