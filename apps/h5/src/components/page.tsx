import type { ReactNode } from 'react';
import { NavBar } from './nav-bar';
import './page.css';

type Props = {
  title: ReactNode;
  children: ReactNode;
  navRight?: ReactNode;
  testId?: string;
  /** Pages that draw their own header (login) hide the bar's background. */
  transparentNav?: boolean;
};

/** A non-tab page: the navigation bar and a scrolling body. */
export function Page({ title, children, navRight, testId, transparentNav }: Props) {
  return (
    <div className="page" data-testid={testId}>
      <NavBar title={title} right={navRight} transparent={transparentNav} />
      <main className="page__body">{children}</main>
    </div>
  );
}
