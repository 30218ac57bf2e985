import { type ReactNode, useState } from 'react';
import type { CoinBalance } from '../lib/wallet-api';
import { ChoiceSheet, ChoiceTrigger } from './choice-sheet';
import { CoinIcon } from './coin-icon';
import { FormField } from './form-field';

/**
 * A form's coin: the chosen coin with its icon, opening a sheet of `coins` (each with an optional
 * `extra` line, such as what is available). `<testId>` on the field, `<testId>-option-…` on the choices.
 */
export function CoinPicker(props: {
  label: string;
  coins: readonly CoinBalance[];
  value: number | undefined;
  onChoose: (currencyId: number) => void;
  extra?: (coin: CoinBalance) => ReactNode;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const coin = props.coins.find((c) => c.currency_id === props.value);
  return (
    <>
      <FormField label={props.label}>
        <ChoiceTrigger onClick={() => setOpen(true)} testId={props.testId}>
          {coin ? (
            <>
              <CoinIcon icon={coin.icon} name={coin.currency_name} size={22} />
              {coin.currency_name}
            </>
          ) : null}
        </ChoiceTrigger>
      </FormField>
      <ChoiceSheet
        open={open}
        title={props.label}
        choices={props.coins.map((c) => ({
          value: c.currency_id,
          label: c.currency_name,
          icon: <CoinIcon icon={c.icon} name={c.currency_name} size={28} />,
          extra: props.extra?.(c),
        }))}
        value={props.value}
        onChoose={props.onChoose}
        onClose={() => setOpen(false)}
        testId={`${props.testId}-option`}
      />
    </>
  );
}
