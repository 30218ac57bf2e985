import type { ReactNode } from 'react';
import { NavBar } from './nav-bar';
import { PageLoader } from './page-loader';
import './page.css';

export type PageProps = {
  title: ReactNode;
  children?: ReactNode;
  navRight?: ReactNode;
  testId?: string;
  /** Pages that draw their own header (login) hide the bar's background. */
  transparentNav?: boolean;
  /** The loader stands in for the body while what it shows is read. */
  loading?: boolean;
};

/** A non-tab page: the navigation bar and a scrolling body. */
export function Page({ title, children, navRight, testId, transparentNav, loading }: PageProps) {
  return (
    <div className="page" data-testid={testId}>
      <NavBar title={title} right={navRight} transparent={transparentNav} />
      <main className="page__body">{loading ? <PageLoader /> : children}</main>
    </div>
  );
}
