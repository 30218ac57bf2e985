import { wealthApi } from '@app/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';
import { nextPage, PAGE_SIZE, type Paged } from '../../../lib/wallet-api';

/** A financial product as lh/deposit/config lists it; rates are percent per day ("0.4" = 0.4 %). */
export type WealthProduct = wealthApi.ProductRow;

export type ProductInfo = wealthApi.ProductInfoReply;

export type OrderStatus = wealthApi.OrderState;
export const ORDER_TABS: readonly OrderStatus[] = wealthApi.ORDER_STATES;

export type WealthOrder = wealthApi.OrderRow;

export type WealthReport = wealthApi.ReportReply;

export const wealthKeys = { all: ['lh', 'deposit'] as const };

export const productsQuery = () =>
  apiQuery<WealthProduct[]>([...wealthKeys.all, 'config'] as const, 'get', 'lh/deposit/config', { staleTime: 0 });

export const productInfoQuery = (id: number) =>
  apiQuery<ProductInfo>([...wealthKeys.all, 'product', id] as const, 'get', 'lh/deposit/product_info', {
    params: { id },
    staleTime: 0,
  });

export const reportQuery = () =>
  apiQuery<WealthReport>([...wealthKeys.all, 'report'] as const, 'get', 'lh/deposit/report', { staleTime: 0 });

export const ordersQuery = (status: OrderStatus) =>
  infiniteQueryOptions({
    queryKey: [...wealthKeys.all, 'order', status] as const,
    queryFn: async ({ pageParam, signal }): Promise<Paged<WealthOrder>> => {
      const reply = await api.get<wealthApi.OrdersReply>(
        'lh/deposit/order',
        { status, page: pageParam, limit: PAGE_SIZE },
        { loading: false, signal },
      );
      return { list: reply.order_list, total: reply.total, page: reply.page, limit: reply.limit };
    },
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** Buys a product: the amount moves from the coin account into the trust account. */
export const buyProduct = (input: { config_id: number; amount: string; agree: boolean }) =>
  api.post<WealthOrder>('lh/deposit', { config_id: input.config_id, amount: input.amount, agree: input.agree ? 1 : 0 });

export type Redemption = wealthApi.RedeemReply;

/** Early redemption: damages are deducted from the principal, the rest returns to the coin account. */
export const redeemOrder = (id: number) => api.post<Redemption>('lh/deposit/order/cancel', { id });
