import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BankCardFace } from '../../../components/bank-card-face';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState, StateAction } from '../../../components/state-view';
import { bankCardQuery } from '../../../lib/bank-card-api';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import './bank-card-page.css';

/** The bound bank card, or an invitation to bind one. */
export function BankCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = useQuery(bankCardQuery());
  const add = () => navigate(PATHS.bankAdd);

  let body: ReactNode;
  if (card.isPending) body = <PageLoader />;
  else if (card.isError) body = <ErrorState onRetry={() => void card.refetch()} />;
  else if (!card.data) {
    body = (
      <EmptyState
        text={t('bank.empty')}
        testId="bank-empty"
        action={
          <StateAction onClick={add} testId="bank-add">
            {t('bank.add')}
          </StateAction>
        }
      />
    );
  } else {
    const c = card.data;
    const rows: [string, string | null][] = [
      [t('bank.holder_name'), c.holder_name],
      [t('bank.branch'), c.branch],
      [t('bank.bank_address'), c.bank_address],
      [t('bank.swift'), c.swift],
      [t('bank.iban'), c.iban],
      [t('bank.payee_address'), c.payee_address],
      [t('bank.postal_code'), c.postal_code],
    ];
    body = (
      <>
        <BankCardFace card={c} testId="bank-card" />
        <section className="section-card">
          <dl className="bank-card__rows">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="bank-card__row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            <div className="bank-card__row">
              <dt>{t('bank.updated_at')}</dt>
              <dd>{formatDateTime(c.updated_at)}</dd>
            </div>
          </dl>
        </section>
        <div className="form-body">
          <Button block shape="rounded" onClick={add} data-testid="bank-change">
            {t('bank.change')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page title={t('sections.bank')} testId="bank-card-page">
      {body}
    </Page>
  );
}
