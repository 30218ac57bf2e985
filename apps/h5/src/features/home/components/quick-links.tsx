import { useQuery } from '@tanstack/react-query';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UploadOutline from 'antd-mobile-icons/es/UploadOutline';
import { useTranslation } from 'react-i18next';
import { LinkButtons } from '../../../components/link-buttons';
import { selectLoggedIn, useAuthStore } from '../../../lib/auth-store';
import { PATHS } from '../../../lib/paths';
// help centre and support chat: unread support replies on the online-service button.
import { supportUnreadQuery } from '../../../lib/support-api';
import './quick-links.css';

/** The home page's shortcuts (spec: quick deposit, quick withdraw, share, online service). */
const LINKS = [
  { id: 'deposit', label: 'home.quick_deposit', path: PATHS.deposit, icon: <DownlandOutline /> },
  { id: 'withdraw', label: 'home.quick_withdraw', path: PATHS.withdraw, icon: <UploadOutline /> },
  { id: 'share', label: 'home.share', path: PATHS.promotion, icon: <TeamOutline /> },
  { id: 'service', label: 'home.online_service', path: PATHS.helpChat, icon: <MessageOutline /> },
] as const;

export function QuickLinks() {
  const { t } = useTranslation();
  // help centre and support chat: the agents' replies the user has not read yet.
  const loggedIn = useAuthStore(selectLoggedIn);
  const unread = useQuery({ ...supportUnreadQuery(), enabled: loggedIn });
  const serviceBadge = loggedIn ? (unread.data?.count ?? 0) : 0;
  return (
    <LinkButtons links={LINKS} className="quick-links" itemClassName="quick-links__item" testIdPrefix="quick-">
      {(link) => (
        <>
          <span className="quick-links__icon accent-tile">
            {link.icon}
            {link.id === 'service' && serviceBadge > 0 ? (
              <span className="quick-links__badge" data-testid="quick-service-unread">
                {serviceBadge > 99 ? '99+' : serviceBadge}
              </span>
            ) : null}
          </span>
          <span className="quick-links__label">{t(link.label)}</span>
        </>
      )}
    </LinkButtons>
  );
}
