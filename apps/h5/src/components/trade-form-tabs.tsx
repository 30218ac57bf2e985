import { useTranslation } from 'react-i18next';
import { TabRow } from './tab-button';

/**
 * The two rows of tabs atop a trading form (spot orders, contract entries): the side, the first one
 * drawn as rising and the second as falling, then the order kind. Labels are `<labels>.<value>`; test
 * ids `<testIdPrefix>-side-<side>` and `<testIdPrefix>-kind-<kind>`.
 */
export function TradeFormTabs<S extends string, K extends string>(props: {
  sides: readonly [S, S];
  side: S;
  onSide: (side: S) => void;
  kinds: readonly K[];
  kind: K;
  onKind: (kind: K) => void;
  labels: string;
  testIdPrefix: string;
}) {
  const { sides, side, onSide, kinds, kind, onKind, labels, testIdPrefix } = props;
  const { t } = useTranslation();
  return (
    <>
      <TabRow
        className="trade-form__sides"
        block="trade-form__side"
        values={sides}
        selected={side}
        onSelect={onSide}
        modifier={(s) => (s === sides[0] ? 'up' : 'down')}
        label={(s) => t(`${labels}.${s}`)}
        testId={(s) => `${testIdPrefix}-side-${s}`}
      />

      <TabRow
        className="trade-form__kinds"
        block="trade-form__kind"
        values={kinds}
        selected={kind}
        onSelect={onKind}
        label={(k) => t(`${labels}.${k}`)}
        testId={(k) => `${testIdPrefix}-kind-${k}`}
      />
    </>
  );
}
