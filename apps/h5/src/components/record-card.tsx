import type { ReactNode } from 'react';
import './record-card.css';

type CardProps = {
  testId: string;
  title: ReactNode;
  /** Right of the title: the amount or the state. */
  aside?: ReactNode;
  /** The detail lines (`RecordField`s). */
  children?: ReactNode;
  /** Below the details: why it was rejected and the like. */
  note?: ReactNode;
  time: ReactNode;
  /** `data-*` attributes the tests find the card by (its id, its state). */
  [data: `data-${string}`]: string | number | undefined;
};

/** One entry of a record list: title and amount, label/value lines, a note, the time. */
export function RecordCard({ testId, title, aside, children, note, time, ...data }: CardProps) {
  return (
    <div className="record-card" data-testid={testId} {...data}>
      <div className="record-card__head">
        <span className="record-card__title">{title}</span>
        {aside}
      </div>
      {children ? <div className="record-card__rows">{children}</div> : null}
      {note}
      <div className="record-card__time">{time}</div>
    </div>
  );
}

/** A label/value line of a record card; a value the record does not have leaves the line out. */
export function RecordField({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <span className="record-card__label">{label}</span>
      <span className="record-card__value" data-testid={testId}>
        {value}
      </span>
    </>
  );
}
