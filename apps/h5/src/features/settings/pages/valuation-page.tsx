import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/state-view';
import { allPairs, quotationQuery } from '../../../lib/market-api';
import { useGoBack } from '../../../lib/use-go-back';
import { useValuationStore, valuationUnits } from '../../../lib/valuation';
import { ValuationList } from '../components/valuation-list';

/** The pricing (valuation) method: the unit the asset totals are shown in. */
export function ValuationPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const unit = useValuationStore((s) => s.unit);
  const setUnit = useValuationStore((s) => s.setUnit);
  const market = useQuery(quotationQuery());

  return (
    <Page title={t('valuation.title')} testId="valuation-page">
      {market.isPending ? (
        <PageLoader />
      ) : !market.data ? (
        <ErrorState onRetry={() => void market.refetch()} />
      ) : (
        <ValuationList
          units={valuationUnits(allPairs(market.data))}
          current={unit}
          onSelect={(next) => {
            setUnit(next);
            goBack();
          }}
        />
      )}
    </Page>
  );
}
