import { Space } from 'antd';
import { ContractSettingsCard } from './contract-settings-card';
import { OpenPositionsCard } from './open-positions-card';

/** Console page of perpetual contracts: rules per pair and the positions (read-only). */
export function ContractsPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ContractSettingsCard />
      <OpenPositionsCard />
    </Space>
  );
}
