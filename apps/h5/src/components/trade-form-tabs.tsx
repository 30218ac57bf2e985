import { useTranslation } from 'react-i18next';
import { TabButton } from './tab-button';

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
      <div className="trade-form__sides" role="tablist">
        {sides.map((s) => (
          <TabButton
            key={s}
            block="trade-form__side"
            modifier={s === sides[0] ? 'up' : 'down'}
            selected={side === s}
            onSelect={() => onSide(s)}
            testId={`${testIdPrefix}-side-${s}`}
          >
            {t(`${labels}.${s}`)}
          </TabButton>
        ))}
      </div>

      <div className="trade-form__kinds" role="tablist">
        {kinds.map((k) => (
          <TabButton
            key={k}
            block="trade-form__kind"
            selected={kind === k}
            onSelect={() => onKind(k)}
            testId={`${testIdPrefix}-kind-${k}`}
          >
            {t(`${labels}.${k}`)}
          </TabButton>
        ))}
      </div>
    </>
  );
}
