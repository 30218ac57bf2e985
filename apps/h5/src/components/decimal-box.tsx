import { sanitizeAmountInput } from '@app/shared';
import Input from 'antd-mobile/es/components/input';

export type DecimalBoxProps = {
  /** The wrapper's class (the form's own field spacing). */
  className: string;
  /** `data-testid` of the box; its message is `<testId>-error`. */
  testId: string;
  value: string;
  onChange: (value: string) => void;
  /** Decimal places the box may hold: typing past them is cut off. */
  places: number;
  unit: string;
  placeholder: string;
  /** The check's or the server's message for this value, if any. */
  message: string | undefined;
  /** Typing clears the server's message: it was about the value being replaced. */
  onEdit: () => void;
};

/**
 * A decimal input of a trading form (a price, an amount, a total) with its unit after it and its
 * message under it: the spot order form and the contract opening form share it (`trade-form__*` styles).
 */
export function DecimalBox({ className, testId, value, onChange, places, unit, placeholder, message, onEdit }: DecimalBoxProps) {
  return (
    <div className={className}>
      <div className={message ? 'trade-form__control trade-form__control--error' : 'trade-form__control'} data-testid={testId}>
        <Input
          value={value}
          onChange={(v) => {
            onChange(sanitizeAmountInput(v, places));
            onEdit();
          }}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          aria-label={placeholder}
        />
        <span className="trade-form__unit">{unit}</span>
      </div>
      {message ? (
        <div className="trade-form__error" role="alert" data-testid={`${testId}-error`}>
          {message}
        </div>
      ) : null}
    </div>
  );
}
