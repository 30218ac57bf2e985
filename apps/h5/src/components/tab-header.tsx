import type { ReactNode } from 'react';
import './tab-header.css';

/** The header of a tab page: no back arrow (a tab is a root page), optional controls either side. */
export function TabHeader({ title, left, right }: { title: ReactNode; left?: ReactNode; right?: ReactNode }) {
  return (
    <header className="tab-header top-bar">
      <div className="tab-header__side">{left}</div>
      <h1 className="tab-header__title top-bar__title">{title}</h1>
      <div className="tab-header__side tab-header__side--right">{right}</div>
    </header>
  );
}
