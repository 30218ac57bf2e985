import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceTrigger } from '../../../components/choice-sheet';
import { FormField } from '../../../components/form-field';
import { Segmented } from '../../../components/segmented';
import { TextLink } from '../../../components/text-link';
import type { AddressEntry } from '../../../lib/address-book-api';
import { shortAddress } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import type { WithdrawForm } from '../withdraw-schema';

type ChainProps = {
  control: Control<WithdrawForm>;
  currency: number;
  chains: string[];
  chain: string;
  onChain: (chain: string) => void;
  /** The whole address book of the coin, and the part of it on the chosen chain. */
  entries: AddressEntry[];
  chainEntries: AddressEntry[];
  selected: AddressEntry | undefined;
  onPick: () => void;
};

/** A chain withdrawal's destination: the chain, then an address of the book on it (or the way to add one). */
export function WithdrawChainAddress({
  control,
  currency,
  chains,
  chain,
  onChain,
  entries,
  chainEntries,
  selected,
  onPick,
}: ChainProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addressCreate = `${PATHS.addressCreate}?currency=${currency}&chain=${encodeURIComponent(chain)}`;
  return (
    <>
      <FormField label={t('deposit.chain')}>
        <div className="withdraw-chains">
          <Segmented values={chains} value={chain} onChange={onChain} testId="withdraw-chain" size="small" />
        </div>
      </FormField>

      <Controller
        control={control}
        name="address_id"
        render={({ fieldState }) => (
          <FormField
            label={t('withdraw.address')}
            error={
              fieldState.error
                ? chainEntries.length === 0
                  ? t('withdraw.address_none_on_chain', { chain })
                  : t('withdraw.address_choose')
                : undefined
            }
            testId="withdraw-address"
            hint={
              <TextLink to={addressCreate} testId="withdraw-add-address">
                {t('withdraw.add_address')}
              </TextLink>
            }
          >
            {chainEntries.length === 0 ? (
              <button
                type="button"
                className="withdraw-address-empty"
                onClick={() => navigate(addressCreate)}
                data-testid="withdraw-no-address"
              >
                {entries.length === 0 ? t('withdraw.address_first') : t('withdraw.address_none_on_chain', { chain })}
              </button>
            ) : (
              <ChoiceTrigger onClick={onPick} testId="withdraw-address-pick" placeholder={t('withdraw.address_pick')}>
                {selected ? (
                  <span className="withdraw-address-value">
                    {selected.label ? <strong>{selected.label}</strong> : null}
                    <span>{shortAddress(selected.address, 8)}</span>
                  </span>
                ) : undefined}
              </ChoiceTrigger>
            )}
          </FormField>
        )}
      />
    </>
  );
}
