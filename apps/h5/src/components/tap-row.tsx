import type { ReactNode } from 'react';

/**
 * A list row that is a button when it leads somewhere (`onClick`, drawn with `linkClassName`) and a
 * plain row otherwise (`className`).
 */
export function TapRow(props: {
  className: string;
  linkClassName: string;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return props.onClick ? (
    <button type="button" className={props.linkClassName} onClick={props.onClick} data-testid={props.testId}>
      {props.children}
    </button>
  ) : (
    <div className={props.className} data-testid={props.testId}>
      {props.children}
    </div>
  );
}
