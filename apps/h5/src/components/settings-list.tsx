import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import './settings-list.css';
import { TapRow } from './tap-row';

type RowProps = {
  label: ReactNode;
  value?: ReactNode;
  onClick?: () => void;
  testId?: string;
  icon?: ReactNode;
  arrow?: boolean;
};

/** A settings row: icon, label, value and an arrow when it leads somewhere. */
export function SettingsRow({ label, value, onClick, testId, icon, arrow = !!onClick }: RowProps) {
  const content = (
    <>
      {icon ? <span className="list-row__icon">{icon}</span> : null}
      <span className="list-row__label">{label}</span>
      {value !== undefined ? <span className="settings-row__value">{value}</span> : null}
      {arrow ? <RightOutline className="list-row__arrow settings-row__arrow" fontSize={14} /> : null}
    </>
  );
  return (
    <TapRow
      className="list-row settings-row"
      linkClassName="list-row list-row--link settings-row"
      onClick={onClick}
      testId={testId}
    >
      {content}
    </TapRow>
  );
}

export function SettingsGroup({ children }: { children: ReactNode }) {
  return <div className="section-card settings-group">{children}</div>;
}
