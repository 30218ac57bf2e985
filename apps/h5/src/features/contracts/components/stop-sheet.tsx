import type { LeverPosition } from '@app/shared';
import { sanitizeAmountInput } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showMessage } from '../../../lib/loading-indicator';
import { contractsKeys, setStops } from '../api/contracts-api';
import { type ContractsProblem, checkStops } from '../contracts-checks';
import '../../../components/trade-form.css';

type Props = {
  position: LeverPosition | undefined;
  tick: string;
  priceDecimals: number;
  current: string | null;
  onClose: () => void;
};

/** Sets both stops of an open position (an empty one removes it; at least one is required). */
export function StopSheet({ position, tick, priceDecimals, current, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [profit, setProfit] = useState('');
  const [loss, setLoss] = useState('');
  const [problem, setProblem] = useState<ContractsProblem | undefined>();
  const [serverMessage, setServerMessage] = useState<string | undefined>();

  useEffect(() => {
    setProfit(position?.target_profit_price ?? '');
    setLoss(position?.stop_loss_price ?? '');
    setProblem(undefined);
    setServerMessage(undefined);
  }, [position?.id]);

  const mutation = useMutation({
    mutationFn: () => setStops(position!.id, profit.trim(), loss.trim()),
    onSuccess: async () => {
      showMessage(t('lever.stops_saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: contractsKeys.all });
      onClose();
    },
    onError: (error) => setServerMessage(isApiError(error) ? error.message : undefined),
  });

  const save = () => {
    if (!position) return;
    const entry = position.open_price ?? position.target_price;
    const found = checkStops(position.side, entry, current, profit, loss, { tick, priceDecimals });
    setProblem(found);
    setServerMessage(undefined);
    if (!found) mutation.mutate();
  };

  const field = (name: 'stop_profit' | 'stop_loss', value: string, onChange: (v: string) => void, label: string) => (
    <div className="lever-form__field">
      <div className="lever-form__label">{label}</div>
      <div
        className={problem?.field === name ? 'trade-form__control trade-form__control--error' : 'trade-form__control'}
        data-testid={`lever-sheet-${name}`}
      >
        <Input
          value={value}
          onChange={(v) => onChange(sanitizeAmountInput(v, priceDecimals))}
          inputMode="decimal"
          placeholder={label}
          aria-label={label}
        />
      </div>
      {problem?.field === name ? (
        <div className="trade-form__error" role="alert">
          {t(`errors.${problem.code}`, { tick })}
        </div>
      ) : null}
    </div>
  );

  return (
    <Popup visible={!!position} onMaskClick={onClose} onClose={onClose} bodyClassName="lever-sheet" destroyOnClose>
      <div className="lever-sheet__title">{t('lever.stops')}</div>
      {position ? (
        <div className="lever-sheet__hint">
          {t(`lever.${position.side}`)} · {t('lever.open_price')} {position.open_price ?? position.target_price} ·{' '}
          {t('lever.current_price')} {current ?? '—'}
        </div>
      ) : null}
      {field('stop_profit', profit, setProfit, t('lever.stop_profit_price'))}
      {field('stop_loss', loss, setLoss, t('lever.stop_loss_price'))}
      {serverMessage ? (
        <div className="trade-form__error" role="alert">
          {serverMessage}
        </div>
      ) : null}
      <Button block color="primary" onClick={save} loading={mutation.isPending} data-testid="lever-sheet-save">
        {t('lever.save')}
      </Button>
    </Popup>
  );
}
