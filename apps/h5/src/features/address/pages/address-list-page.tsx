import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PayPasswordFirst } from '../../../components/pay-password-first';
import { PullRefresh } from '../../../components/pull-refresh';
import { EmptyState, ErrorState, StateAction } from '../../../components/state-view';
import { userCenterQuery } from '../../../lib/account-api';
import { type AddressEntry, addressBookKeys, addressBookQuery } from '../../../lib/address-book-api';
import { Dialog } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { deleteAddress } from '../api/address-api';
import './address-list-page.css';
import { IconButton } from '../../../components/icon-button';
import { TextLink } from '../../../components/text-link';

function AddressCard({ entry, onDelete }: { entry: AddressEntry; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="address-card" data-testid="address-row" data-id={entry.id}>
      <div className="address-card__head">
        <span className="address-card__coin">{entry.currency_name}</span>
        <span className="address-card__chain tone-accent">{entry.chain}</span>
        {entry.label ? <span className="address-card__label">{entry.label}</span> : null}
        <IconButton className="address-card__delete" onClick={onDelete} label={t('address.delete')} testId="address-delete">
          <DeleteOutline fontSize={18} />
        </IconButton>
      </div>
      <div className="address-card__address" data-testid="address-row-address">
        {entry.address}
      </div>
      <div className="fine-print address-card__time">{formatDateTime(entry.created_at)}</div>
    </div>
  );
}

/** The withdrawal address book: every saved address, deleted after a confirmation. */
export function AddressListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const book = useQuery(addressBookQuery());
  const user = useQuery({ ...userCenterQuery(), staleTime: 0 });
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: async () => {
      showMessage(t('address.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
    },
  });

  const confirmDelete = async (entry: AddressEntry) => {
    const ok = await Dialog.confirm({
      title: t('address.delete_title'),
      content: t('address.delete_confirm', { address: entry.address }),
      confirmText: t('address.delete'),
      cancelText: t('common.cancel'),
    });
    if (ok) await remove.mutateAsync(entry.id).catch(() => {});
  };

  const add = (
    <StateAction onClick={() => navigate(PATHS.addressCreate)} testId="address-add">
      {t('address.add')}
    </StateAction>
  );

  return (
    <Page
      title={t('sections.address')}
      testId="address-list-page"
      navRight={
        <TextLink to={PATHS.addressCreate} testId="address-add-nav">
          {t('address.add_short')}
        </TextLink>
      }
    >
      {user.data && !user.data.has_pay_password ? <PayPasswordFirst testId="address-pay-password-first" /> : null}
      <PullRefresh onRefresh={() => book.refetch()}>
        {book.isPending ? (
          <PageLoader inline />
        ) : !book.data ? (
          <ErrorState onRetry={() => void book.refetch()} />
        ) : book.data.length === 0 ? (
          <EmptyState text={t('address.empty')} action={add} testId="address-empty" />
        ) : (
          <div className="address-list" data-testid="address-list">
            {book.data.map((entry) => (
              <AddressCard key={entry.id} entry={entry} onDelete={() => void confirmDelete(entry)} />
            ))}
          </div>
        )}
      </PullRefresh>
    </Page>
  );
}
