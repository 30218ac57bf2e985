import { sanitizeAmountInput } from '@app/shared';
import Input from 'antd-mobile/es/components/input';

/** An amount of a coin as it is typed: digits and one point, cut to the coin's `decimals` on the way in. */
export function AmountInput({
  value,
  onChange,
  onBlur,
  decimals,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  decimals: number;
  placeholder: string;
}) {
  return (
    <Input
      value={value}
      onChange={(v) => onChange(sanitizeAmountInput(v, decimals))}
      onBlur={onBlur}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
    />
  );
}
