import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { userCenterQuery } from '../../lib/account-api';
import { addressBookQuery } from '../../lib/address-book-api';
import { bankCardQuery } from '../../lib/bank-card-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { showMessage } from '../../lib/loading-indicator';
import { PATHS } from '../../lib/paths';
import { coinAccount, currencyParam, walletKeys, walletListQuery } from '../../lib/wallet-api';
import { withdrawInfoQuery } from '../../lib/withdraw-info-api';
import { schemaResolver } from '../../lib/zod-form';
import { requestWithdrawal } from './api/withdraw-api';
import { type WithdrawForm, withdrawSchema } from './withdraw-schema';

const FIELDS = ['address_id', 'number', 'remark', 'pay_password'] as const;

/**
 * What the withdraw page reads: the coin's withdraw rules, the destination (the address book, or the
 * bound bank card with `bank`), the user's verification and fund password, and the coin's wallet entry.
 */
export function useWithdrawData(bank: boolean) {
  const [params] = useSearchParams();
  const currency = currencyParam(params.get('currency')) ?? 3;
  const info = useQuery(withdrawInfoQuery(currency));
  const book = useQuery({ ...addressBookQuery(currency), enabled: !bank });
  const card = useQuery({ ...bankCardQuery(), enabled: bank });
  const user = useQuery({ ...userCenterQuery(), staleTime: 0 });
  const wallet = useQuery(walletListQuery());
  const coin = coinAccount(wallet.data).find((c) => c.currency_id === currency);
  return { currency, info, book, card, user, coin, destination: bank ? card : book };
}

export type WithdrawData = ReturnType<typeof useWithdrawData>;

/**
 * The withdraw form: the chosen chain and address, the amount, remark and fund password, checked by
 * the coin's rules and sent as one request; the server's field errors land on their fields.
 */
export function useWithdrawForm(bank: boolean, { currency, info, book, user }: WithdrawData) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosenChain, setChosenChain] = useState<string>();

  const form = useForm<WithdrawForm>({
    resolver: (values, context, options) =>
      schemaResolver<WithdrawForm>(withdrawSchema(info.data, { needsAddress: !bank }))(values, context, options),
    defaultValues: { address_id: 0, number: '', remark: '', pay_password: '' },
  });
  const { handleSubmit, setValue, watch, setError } = form;

  const mutation = useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async () => {
      showMessage(t('withdraw.submitted'), 'success');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.records });
      navigate(`${PATHS.assetsRecord}?tab=withdraw`, { replace: true });
    },
    onError: async (error) => {
      applyServerFieldErrors(error, setError, FIELDS);
      // The fund password or the daily count may have changed elsewhere: show the page's current truth.
      await Promise.all([user.refetch(), info.refetch()]);
    },
  });

  const data = info.data;
  const entries = book.data ?? [];
  // Default chain: the first that has an address in the book, so a returning user has nothing to pick.
  const chain = chosenChain ?? data?.chains.find((c) => entries.some((e) => e.chain === c)) ?? data?.chains[0] ?? '';
  const chainEntries = entries.filter((e) => e.chain === chain);
  const addressId = watch('address_id');
  const number = watch('number');
  const selected = chainEntries.find((e) => e.id === addressId);
  // The only saved address of the chain is the one to use: preselected, nothing to pick.
  const onlyEntry = chainEntries.length === 1 ? chainEntries[0] : undefined;
  useEffect(() => {
    if (onlyEntry && addressId !== onlyEntry.id) setValue('address_id', onlyEntry.id, { shouldValidate: false });
  }, [onlyEntry?.id]);

  const onSubmit = handleSubmit((v) =>
    mutation
      .mutateAsync({
        currency,
        number: v.number.trim(),
        ...(bank ? { method: 'bank' as const } : { address_id: v.address_id }),
        pay_password: v.pay_password,
        remark: v.remark.trim() || undefined,
      })
      .catch(() => {}),
  );

  const chooseChain = (next: string) => {
    setChosenChain(next);
    setValue('address_id', 0);
  };

  return { form, mutation, onSubmit, chain, chooseChain, entries, chainEntries, addressId, number, selected };
}

export type WithdrawFormState = ReturnType<typeof useWithdrawForm>;
