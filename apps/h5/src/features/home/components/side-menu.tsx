import Popup from 'antd-mobile/es/components/popup';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import LocationOutline from 'antd-mobile-icons/es/LocationOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UploadOutline from 'antd-mobile-icons/es/UploadOutline';
import UserCircleOutline from 'antd-mobile-icons/es/UserCircleOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_NAME } from '../../../lib/app-info';
import { selectUser, useAuthStore } from '../../../lib/auth-store';
import { PATHS } from '../../../lib/paths';
import { MENU_ENTRIES } from '../menu-entries';
import './side-menu.css';
import { IconButton } from '../../../components/icon-button';
import { LinkButtons } from '../../../components/link-buttons';

const ICONS: Record<string, ReactNode> = {
  deposit: <DownlandOutline />,
  withdraw: <UploadOutline />,
  referral: <TeamOutline />,
  authentication: <UserContactOutline />,
  security: <CheckShieldOutline />,
  address: <LocationOutline />,
  contact: <MessageOutline />,
  help: <QuestionCircleOutline />,
  valuation: <CalculatorOutline />,
  settings: <SetOutline />,
  records: <BillOutline />,
};

/** The left menu of the home tab (spec section 1): the login or welcome block, then the entries. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore(selectUser);

  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  return (
    <Popup visible={open} position="left" onMaskClick={onClose} onClose={onClose} bodyClassName="side-menu" destroyOnClose>
      <div className="side-menu__inner" data-testid="side-menu">
        <div className="side-menu__top">
          <IconButton className="side-menu__close" onClick={onClose} label={t('common.close')} testId="menu-close">
            <CloseOutline fontSize={20} />
          </IconButton>
          <div className="side-menu__avatar">
            <UserCircleOutline fontSize={44} />
          </div>
          {user ? (
            <div className="side-menu__welcome" data-testid="menu-welcome">
              <div className="side-menu__hello">{t('home.welcome_back')}</div>
              <div className="side-menu__account">{user.account_number}</div>
              <div className="side-menu__uid">UID {user.id}</div>
            </div>
          ) : (
            <div className="side-menu__welcome">
              <div className="side-menu__hello">{t('home.welcome_to', { name: APP_NAME })}</div>
              <button type="button" className="side-menu__login" onClick={() => go(PATHS.login)} data-testid="menu-login">
                {t('menu.login')}
                <RightOutline fontSize={14} />
              </button>
            </div>
          )}
        </div>
        <LinkButtons
          links={MENU_ENTRIES}
          className="side-menu__list"
          itemClassName="list-row list-row--link side-menu__item"
          testIdPrefix="menu-"
          onOpen={go}
        >
          {(entry) => (
            <>
              <span className="list-row__icon side-menu__icon">{ICONS[entry.id]}</span>
              <span className="list-row__label">{t(entry.label)}</span>
              <RightOutline className="list-row__arrow" fontSize={14} />
            </>
          )}
        </LinkButtons>
      </div>
    </Popup>
  );
}
