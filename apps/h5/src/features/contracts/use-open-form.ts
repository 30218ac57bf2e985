import type { LeverDeal } from '@app/shared';
import { PLAIN_DECIMAL } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { selectUser, useAuthStore } from '../../lib/auth-store';
import { isConfirmSkipped } from '../../lib/confirm-preference';
import { showMessage } from '../../lib/loading-indicator';
import { contractsKeys, type EntryKind, type Side, submitPosition } from './api/contracts-api';
import { type ContractsField, type ContractsProblem, checkForm, estimateCost, estimateLiquidation } from './contracts-checks';

const SERVER_FIELDS: Record<string, ContractsField> = {
  share: 'lots',
  target_price: 'price',
  target_profit_price: 'stop_profit',
  stop_loss_price: 'stop_loss',
};

/** The opening form's fields and messages; another pair starts from its own presets. */
function useOpenFields(deal: LeverDeal) {
  const [side, setSide] = useState<Side>('long');
  const [kind, setKind] = useState<EntryKind>('market');
  const [lots, setLots] = useState(String(deal.lots[0] ?? 1));
  const [multiple, setMultiple] = useState(deal.multiple[1] ?? deal.multiple[0] ?? 1);
  const [limitPrice, setLimitPrice] = useState('');
  const [stopOn, setStopOn] = useState(false);
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<ContractsProblem | undefined>();
  const [serverError, setServerError] = useState<{ field: ContractsField; message: string } | undefined>();
  const [confirming, setConfirming] = useState(false);

  // Another pair starts from its own presets.
  useEffect(() => {
    setLots(String(deal.lots[0] ?? 1));
    setMultiple(deal.multiple[1] ?? deal.multiple[0] ?? 1);
    setLimitPrice('');
    setStopProfit('');
    setStopLoss('');
    setTried(false);
    setProblem(undefined);
    setServerError(undefined);
  }, [deal.pair.id]);

  return {
    ...{ side, setSide, kind, setKind, lots, setLots, multiple, setMultiple, limitPrice, setLimitPrice },
    ...{ stopOn, setStopOn, stopProfit, setStopProfit, stopLoss, setStopLoss },
    ...{ tried, setTried, problem, setProblem, serverError, setServerError, confirming, setConfirming },
  };
}

/** The margin and fee an opening takes, and where it would be liquidated; nothing while the entry or lots are unusable. */
function estimates(deal: LeverDeal, side: Side, entry: string | null, lots: string, multiple: number) {
  const lotCount = /^\d{1,9}$/.test(lots.trim()) ? Number(lots.trim()) : 0;
  const usable = !!entry && lotCount >= 1 && PLAIN_DECIMAL.test(entry);
  const cost =
    usable && entry
      ? estimateCost(entry, deal.lever_share_num, lotCount, multiple, deal.open_fee_rate, deal.balance.decimals)
      : undefined;
  const liquidation =
    usable && entry
      ? estimateLiquidation(
          side,
          entry,
          deal.lever_share_num,
          lotCount,
          multiple,
          deal.maintenance_margin_rate,
          deal.balance.decimals,
          deal.pair.price_decimals,
        )
      : null;
  return { cost, liquidation };
}

/**
 * Opening a long or a short: the fields, the client checks (shown once the user has tried, then
 * following each correction), the cost estimate, the confirmation (unless the user skips it) and the request.
 */
export function useOpenForm(deal: LeverDeal, price: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pair = deal.pair;
  const f = useOpenFields(deal);
  const userId = useAuthStore(selectUser)?.id;
  const { side, kind, lots, multiple, limitPrice, stopOn, stopProfit, stopLoss, tried } = f;

  const input = { side, kind, lots, price: limitPrice, stopOn, stopProfit, stopLoss };
  const rules = { tick: pair.tick_size, priceDecimals: pair.price_decimals, maxLots: deal.max_lots, current: price };
  useEffect(() => {
    if (tried) f.setProblem(checkForm(input, rules));
  }, [tried, side, kind, lots, limitPrice, stopOn, stopProfit, stopLoss, price]);

  const { cost, liquidation } = estimates(deal, side, kind === 'limit' ? limitPrice.trim() : price, lots, multiple);

  const mutation = useMutation({
    mutationFn: submitPosition,
    onSuccess: async (position) => {
      showMessage(position.status_name === 'entrusted' ? t('lever.entrusted_placed') : t('lever.opened'), 'success');
      f.setTried(false);
      f.setProblem(undefined);
      await queryClient.invalidateQueries({ queryKey: contractsKeys.all });
    },
    onError: (error) => {
      if (!isApiError(error) || !error.fields) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = SERVER_FIELDS[name];
        if (field) return f.setServerError({ field, message });
      }
    },
  });

  const open = () => {
    f.setConfirming(false);
    mutation.mutate({
      pair,
      side,
      kind,
      lots: lots.trim(),
      multiple,
      price: kind === 'limit' ? limitPrice.trim() : undefined,
      stopProfit: stopOn ? stopProfit.trim() : undefined,
      stopLoss: stopOn ? stopLoss.trim() : undefined,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    f.setTried(true);
    f.setServerError(undefined);
    const found = checkForm(input, rules);
    f.setProblem(found);
    if (found) return;
    // Opening risks the margin: the figures are shown once more unless this user said not to ask.
    if (isConfirmSkipped('contract_open', userId)) open();
    else f.setConfirming(true);
  };

  const messageFor = (field: ContractsField) => {
    if (f.serverError?.field === field) return f.serverError.message;
    if (f.problem?.field !== field) return undefined;
    return t(`errors.${f.problem.code}`, { tick: pair.tick_size, max: deal.max_lots });
  };

  return { fields: f, userId, cost, liquidation, submit, open, messageFor, pending: mutation.isPending };
}

export type OpenFormState = ReturnType<typeof useOpenForm>;
