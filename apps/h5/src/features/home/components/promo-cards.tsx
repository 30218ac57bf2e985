import { useQuery } from '@tanstack/react-query';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { LinkButtons } from '../../../components/link-buttons';
import { PATHS } from '../../../lib/paths';
import { useProducts } from '../../../lib/products';
import { bankDepositAvailableQuery } from '../../../lib/wallet-api';
import './promo-cards.css';

/**
 * The VIP deposit channel (the bank deposit form; shown only once the operator has set bank details,
 * never as a detour to the coin deposit), the new-coin subscription, the time-based options (its way
 * in besides the contract tab) and the financial products. A switched-off product's card is not shown.
 */
export function PromoCards() {
  const { t } = useTranslation();
  const products = useProducts();
  const bank = useQuery(bankDepositAvailableQuery());
  const cards = [
    {
      id: 'vip',
      title: t('home.vip_deposit'),
      text: t('home.vip_deposit_text'),
      path: `${PATHS.depositCharge}?mode=bank`,
      icon: <CollectMoneyOutline />,
      on: bank.data?.available === true,
    },
    {
      id: 'publication',
      title: t('home.new_coin'),
      text: t('home.new_coin_text'),
      path: PATHS.publication,
      icon: <GiftOutline />,
      on: products.subscription,
    },
    {
      id: 'option',
      title: t('home.option'),
      text: t('home.option_text'),
      path: PATHS.optionDetail,
      icon: <ClockCircleOutline />,
      on: products.options,
    },
    {
      id: 'finance',
      title: t('home.finance'),
      text: t('home.finance_text'),
      path: PATHS.finance,
      icon: <LockOutline />,
      on: products.wealth,
    },
  ].filter((card) => card.on !== false);
  return (
    <LinkButtons
      links={cards}
      className="tile-grid"
      itemClassName="card-button tile-grid__tile promo-cards__card"
      testIdPrefix="home-"
      as="div"
    >
      {(card) => (
        <>
          <span className="promo-cards__icon accent-tile">{card.icon}</span>
          <span className="promo-cards__body">
            <span className="promo-cards__title">
              {card.title}
              <RightOutline fontSize={11} />
            </span>
            <span className="promo-cards__text">{card.text}</span>
          </span>
        </>
      )}
    </LinkButtons>
  );
}
