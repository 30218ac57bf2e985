import { Space } from 'antd';
import { BankDepositCard } from './bank-deposit-card';
import { CurrencySettingsCard } from './currency-settings-card';
import { DepositAddressesCard } from './deposit-addresses-card';

export function SettingsPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DepositAddressesCard />
      <CurrencySettingsCard />
      <BankDepositCard />
    </Space>
  );
}
