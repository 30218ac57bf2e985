import {
  addDecimal,
  divideDecimal,
  isPositiveDecimal,
  LEVER_EVENTS,
  type LeverMarkEvent,
  type LeverPosition,
  type LeverStatusName,
  multiplyDecimal,
} from '@app/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../lib/antd-imperative';
import { showMessage } from '../../lib/loading-indicator';
import { allPairs, pairIds, quotationQuery } from '../../lib/market-api';
import { useMarketStream, useUserEvent } from '../../lib/use-market-stream';
import {
  cancelPosition,
  closeAll,
  closePosition,
  contractsKeys,
  dealQuery,
  type PairRef,
  positionsQuery,
  type Side,
} from './api/contracts-api';
import type { Mark } from './components/position-card';
import type { ContractsAccess } from './use-contracts-access';

/**
 * The contract tab's pair: its deal (rules, balance, last price), the live index price from the
 * stream, and the pairs the switcher lists with the market's icon, 24h change and demo flag laid over
 * them (fetched when the sheet opens) so it reads like the spot tab's.
 */
export function useContractsDeal(access: ContractsAccess, pairRef: PairRef | undefined, sheetOpen: boolean) {
  const deal = useQuery({ ...dealQuery(pairRef), enabled: access === 'open' || access === 'holder' });
  const pair = deal.data?.pair;
  const quotation = useQuery({ ...quotationQuery(), enabled: sheetOpen });
  const sheetPairs = useMemo(() => {
    const market = new Map(allPairs(quotation.data).map((p) => [p.symbol, p]));
    return (deal.data?.pairs ?? []).map((p) => {
      const m = market.get(p.symbol);
      return m ? { ...p, logo: m.logo, change: m.change, demo: m.demo, now_price: m.now_price ?? p.now_price } : p;
    });
  }, [deal.data?.pairs, quotation.data]);
  const ref = pair ? pairIds(pair) : undefined;
  const stream = useMarketStream(pair?.symbol);
  const price = (stream.ticker?.symbol === pair?.symbol ? stream.ticker?.now_price : undefined) ?? deal.data?.last_price ?? null;
  const demo = stream.ticker?.demo ?? deal.data?.demo ?? false;
  return { deal, sheetPairs, ref, price, demo, reconnects: stream.reconnects };
}

/**
 * The positions of the pair: the list of the chosen tab, the holding ones (for the totals), kept
 * current by the user's trade events and the pushed marks (each holding position's PnL and risk rate).
 */
export function useContractsPositions(ref: PairRef | undefined, listStatus: LeverStatusName, reconnects: number) {
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const list = useInfiniteQuery({ ...positionsQuery(ref, listStatus), enabled: !!ref });
  const holding = useInfiniteQuery({ ...positionsQuery(ref, 'holding'), enabled: !!ref });

  // A position changed (opened, filled, closed by a stop or liquidation): refetch what shows it.
  useUserEvent(LEVER_EVENTS.trade, () => void queryClient.invalidateQueries({ queryKey: contractsKeys.all }), !!ref);
  // The index moved: the server pushes each holding position's new PnL and risk rate.
  useUserEvent(
    LEVER_EVENTS.mark,
    (payload) => {
      const event = payload as LeverMarkEvent;
      setMarks((all) => {
        const next = { ...all };
        for (const m of event.positions) next[m.id] = m;
        return next;
      });
    },
    !!ref,
  );
  useEffect(() => {
    if (reconnects > 0) void queryClient.invalidateQueries({ queryKey: contractsKeys.all });
  }, [reconnects]);

  const holdingList = useMemo(() => holding.data?.pages.flatMap((p) => p.list) ?? [], [holding.data]);
  // Totals follow the pushed marks (the server's figures until the first push): Σ PnL, and the risk
  // rate Σ equity / Σ margin × 100 truncated to two places, as the server computes it.
  const totals = useMemo(() => {
    const first = holding.data?.pages[0];
    if (!first) return undefined;
    if (!holdingList.some((p) => marks[p.id])) return { profits: first.profits_total, hazard: first.hazard_rate };
    let profits = '0';
    let margin = '0';
    for (const p of holdingList) {
      profits = addDecimal(profits, marks[p.id]?.profits ?? p.profits ?? '0');
      margin = addDecimal(margin, p.margin);
    }
    const hazard = isPositiveDecimal(margin)
      ? divideDecimal(multiplyDecimal(addDecimal(margin, profits), '100'), margin, 2)
      : null;
    return { profits, hazard };
  }, [holding.data, holdingList, marks]);

  return { list, marks, holdingList, totals };
}

/** Closing one position, cancelling an entrusted one, closing many: each asked first, then refreshed. */
export function useContractsActions(ref: PairRef | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterChange = async (message: string) => {
    showMessage(message, 'success');
    await queryClient.invalidateQueries({ queryKey: contractsKeys.all });
  };
  const close = useMutation({ mutationFn: closePosition, onSuccess: () => afterChange(t('lever.closed_done')) });
  const cancel = useMutation({ mutationFn: cancelPosition, onSuccess: () => afterChange(t('lever.cancelled_done')) });
  const closeMany = useMutation({
    mutationFn: (which: 'all' | Side) => closeAll(ref!, which),
    onSuccess: (result) => afterChange(t('lever.closed_count', { count: result.closed.length })),
  });

  const confirmClose = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.close_confirm', { symbol: p.symbol, side: t(`lever.${p.side}`), count: p.share }),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (ok) await close.mutateAsync(p.id).catch(() => {});
  };
  const confirmCancel = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.cancel_confirm'),
      confirmText: t('lever.cancel'),
      cancelText: t('common.close'),
    });
    if (ok) await cancel.mutateAsync(p.id).catch(() => {});
  };
  const confirmCloseMany = async (which: 'all' | Side) => {
    const ok = await Dialog.confirm({
      content: t(`lever.close_many_confirm.${which}`),
      confirmText: t('lever.close'),
      cancelText: t('common.cancel'),
    });
    if (ok) await closeMany.mutateAsync(which).catch(() => {});
  };
  return { confirmClose, confirmCancel, confirmCloseMany };
}
