import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Popup from 'antd-mobile/es/components/popup';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './sheet-panel.css';
import './confirm-sheet.css';

export type ConfirmRow = { label: string; value: ReactNode; testId?: string };

type Props = {
  visible: boolean;
  title: string;
  rows: ConfirmRow[];
  /** A risk notice under the figures. */
  notice?: string;
  confirmText: string;
  /** Colours the confirm button as the order's side (green up/long, red down/short). */
  tone?: 'up' | 'down' | 'primary';
  /** Offers "don't ask again"; called with the choice when the user confirms. */
  onSkipChoice?: (skip: boolean) => void;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
};

/**
 * The last look before money moves (opening a contract, buying an option, subscribing): what will be
 * done with which figures, and two clear ways out. Cancelling changes nothing; the caller only acts in
 * `onConfirm`.
 */
export function ConfirmSheet({
  visible,
  title,
  rows,
  notice,
  confirmText,
  tone = 'primary',
  onSkipChoice,
  onConfirm,
  onCancel,
  testId,
}: Props) {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(false);
  useEffect(() => {
    if (visible) setSkip(false);
  }, [visible]);

  return (
    <Popup
      visible={visible}
      onMaskClick={onCancel}
      onClose={onCancel}
      position="bottom"
      bodyClassName="confirm-sheet sheet-panel"
    >
      <div data-testid={testId} role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="confirm-sheet__title">{title}</h2>
        <dl className="confirm-sheet__rows">
          {rows.map((row) => (
            <div className="confirm-sheet__row" key={row.label}>
              <dt>{row.label}</dt>
              <dd data-testid={row.testId}>{row.value}</dd>
            </div>
          ))}
        </dl>
        {notice ? (
          <p className="warning-note confirm-sheet__notice" data-testid={`${testId}-notice`}>
            {notice}
          </p>
        ) : null}
        {onSkipChoice ? (
          <Checkbox className="confirm-sheet__skip" checked={skip} onChange={setSkip} data-testid={`${testId}-skip`}>
            {t('confirm.dont_ask_again')}
          </Checkbox>
        ) : null}
        <div className="confirm-sheet__actions">
          <Button block className="confirm-sheet__cancel" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            className={`confirm-sheet__ok confirm-sheet__ok--${tone}`}
            onClick={() => {
              onSkipChoice?.(skip);
              onConfirm();
            }}
            data-testid={`${testId}-ok`}
          >
            {confirmText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
