import Input, { type InputProps } from 'antd-mobile/es/components/input';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './icon-button';

/** A password input with a show/hide toggle; on phones a mistyped password is the top login failure. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div style={{ display: 'flex', alignItems: 'center' }}>
      <Input {...props} type={visible ? 'text' : 'password'} autoComplete={props.autoComplete ?? 'current-password'} />
      <IconButton onClick={() => setVisible((v) => !v)} label={visible ? t('common.hide_password') : t('common.show_password')}>
        {visible ? <EyeOutline fontSize={18} /> : <EyeInvisibleOutline fontSize={18} />}
      </IconButton>
    </div>
  );
}
