import { PRODUCTS, type Product } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, message, Switch, Typography } from 'antd';
import { productSwitchesQuery, useSetProductSwitches } from '../api/products';

const LABELS: Record<Product, string> = {
  contracts: 'Perpetual contracts',
  options: 'Options (time-based)',
  wealth: 'Financial products (lock tab)',
  subscription: 'New-coin subscription',
};

/**
 * The product switches (DESIGN.md 1.7): a switched-off product vanishes from the H5 app and its API
 * answers product_disabled, without a restart. Every change is audited (products.set).
 */
export function ProductSwitchesCard() {
  const query = useQuery(productSwitchesQuery());
  const save = useSetProductSwitches();
  return (
    <Card title="Products" loading={query.isLoading} data-testid="product-switches">
      <Typography.Paragraph type="secondary">
        Switch a product off where it is not allowed: users no longer see it and its API refuses every call. Open positions and
        orders stay as they are.
      </Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        {PRODUCTS.map((product) => (
          <Descriptions.Item key={product} label={LABELS[product]}>
            <Switch
              checked={query.data?.[product] ?? false}
              loading={save.isPending && save.variables?.[product] !== undefined}
              checkedChildren="On"
              unCheckedChildren="Off"
              data-testid={`product-switch-${product}`}
              onChange={(on) =>
                save.mutate(
                  { [product]: on },
                  { onSuccess: () => void message.success(`${LABELS[product]} switched ${on ? 'on' : 'off'}.`) },
                )
              }
            />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
