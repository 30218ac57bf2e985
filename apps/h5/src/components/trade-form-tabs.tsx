import { useTranslation } from 'react-i18next';

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
          <button
            type="button"
            role="tab"
            key={s}
            aria-selected={side === s}
            className={`trade-form__side trade-form__side--${s === sides[0] ? 'up' : 'down'}${side === s ? ' trade-form__side--active' : ''}`}
            onClick={() => onSide(s)}
            data-testid={`${testIdPrefix}-side-${s}`}
          >
            {t(`${labels}.${s}`)}
          </button>
        ))}
      </div>

      <div className="trade-form__kinds" role="tablist">
        {kinds.map((k) => (
          <button
            type="button"
            role="tab"
            key={k}
            aria-selected={kind === k}
            className={kind === k ? 'trade-form__kind trade-form__kind--active' : 'trade-form__kind'}
            onClick={() => onKind(k)}
            data-testid={`${testIdPrefix}-kind-${k}`}
          >
            {t(`${labels}.${k}`)}
          </button>
        ))}
      </div>
    </>
  );
}
