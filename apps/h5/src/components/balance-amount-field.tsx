import type { Control, FieldValues, Path } from 'react-hook-form';
import { AmountInput } from './amount-input';
import { AmountSuffix, AvailableHint } from './amount-suffix';
import { ControlledField } from './controlled-field';

/** What a balance-spending amount needs to know of its coin. */
type Coin = { available: string; decimals: number; currency_name: string };

/**
 * The amount field of a form that spends a balance (a transfer, a withdrawal): typed to the coin's
 * decimals, its available amount under it, the unit and "all" beside it. Test ids: `<testIdPrefix>-amount`,
 * `-available` and `-all`.
 */
export function BalanceAmountField<T extends FieldValues, N extends Path<T>>(props: {
  control: Control<T>;
  name: N;
  label: string;
  placeholder: string;
  /** Undefined until the coin is known: nothing available yet. */
  coin: Coin | undefined;
  onAll: () => void;
  testIdPrefix: string;
}) {
  const { coin, testIdPrefix } = props;
  const unit = coin?.currency_name ?? '';
  return (
    <ControlledField
      control={props.control}
      name={props.name}
      label={props.label}
      testId={`${testIdPrefix}-amount`}
      hint={
        <AvailableHint
          amount={coin?.available ?? '0'}
          decimals={coin?.decimals}
          coin={unit}
          testId={`${testIdPrefix}-available`}
        />
      }
      suffix={<AmountSuffix unit={unit} onAll={props.onAll} testId={`${testIdPrefix}-all`} />}
    >
      {(field) => (
        <AmountInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          decimals={coin?.decimals ?? 8}
          placeholder={props.placeholder}
        />
      )}
    </ControlledField>
  );
}
