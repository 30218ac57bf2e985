import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field';
import { Page } from '../../../components/page';
import { QueryView } from '../../../components/query-view';
import { Dialog } from '../../../lib/antd-imperative';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/loading-indicator';
import {
  accountSecurityKeys,
  antiPhishingQuery,
  loginHistoryQuery,
  saveAntiPhishing,
  sessionsQuery,
  signOutOthers,
  signOutSession,
  type UserSession,
} from '../api/account-security-api';
import './account-security-page.css';

/** "Chrome on Android" is more useful than the whole user-agent string; unknown agents show as they are. */
function deviceName(agent: string | null): string {
  if (!agent) return '—';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && os ? `${browser} · ${os}` : agent.slice(0, 60);
}

/** One card of the page: its title, then what it holds. */
function SecuritySection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="section-card account-security__section" data-testid={testId}>
      <h3 className="account-security__title">{title}</h3>
      {children}
    </section>
  );
}

function AntiPhishingSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(antiPhishingQuery());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setCode(query.data?.code ?? ''), [query.data?.code]);
  const save = useMutation({
    mutationFn: saveAntiPhishing,
    onSuccess: (reply) => {
      setError(undefined);
      showMessage(
        reply.code ? t('account_security.anti_phishing_saved') : t('account_security.anti_phishing_removed'),
        'success',
      );
      client.setQueryData(accountSecurityKeys.antiPhishing, reply);
    },
    onError: (e) => setError(isApiError(e) ? (e.fields?.code ?? e.message) : undefined),
  });
  const valid = code === '' || /^[\p{L}\p{N}]{4,20}$/u.test(code.trim());

  return (
    <SecuritySection title={t('account_security.anti_phishing')} testId="anti-phishing">
      <p className="account-security__note">{t('account_security.anti_phishing_note')}</p>
      <FormField
        error={valid ? error : 'field_invalid'}
        hint={query.data?.code ? t('account_security.anti_phishing_current', { code: query.data.code }) : undefined}
        testId="anti-phishing-field"
      >
        <Input
          value={code}
          onChange={setCode}
          maxLength={20}
          placeholder={t('account_security.anti_phishing_placeholder')}
          data-testid="anti-phishing-input"
        />
      </FormField>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={!valid || code.trim() === (query.data?.code ?? '')}
        loading={save.isPending}
        onClick={() => save.mutate(code.trim())}
        data-testid="anti-phishing-save"
      >
        {t('account_security.save')}
      </Button>
    </SecuritySection>
  );
}

function SessionsSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(sessionsQuery());
  const refresh = () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions });
  const others = useMutation({
    mutationFn: signOutOthers,
    onSuccess: (r) => {
      showMessage(t('account_security.signed_out_others', { count: r.ended }), 'success');
      void refresh();
    },
  });
  const one = useMutation({ mutationFn: signOutSession, onSuccess: () => void refresh() });
  const list = query.data ?? [];
  const otherCount = list.filter((s) => !s.current).length;

  const confirmOthers = async () => {
    const ok = await Dialog.confirm({
      content: t('account_security.sign_out_others_confirm', { count: otherCount }),
      confirmText: t('account_security.sign_out_others'),
      cancelText: t('common.cancel'),
    });
    if (ok) others.mutate();
  };
  const confirmOne = async (s: UserSession) => {
    const ok = await Dialog.confirm({
      content: t('account_security.sign_out_one_confirm', { device: deviceName(s.user_agent) }),
      confirmText: t('account_security.sign_out'),
      cancelText: t('common.cancel'),
    });
    if (ok) one.mutate(s.id);
  };

  return (
    <SecuritySection title={t('account_security.sessions')} testId="sessions">
      <QueryView query={query}>
        {() => (
          <>
            <ul className="account-security__list" data-testid="sessions-list">
              {list.map((s) => (
                <li key={s.id} className="account-security__item" data-testid="session-item" data-current={s.current}>
                  <div>
                    <div className="account-security__main">
                      {deviceName(s.user_agent)}
                      {s.current ? <span className="account-security__tag">{t('account_security.this_device')}</span> : null}
                    </div>
                    <div className="account-security__sub">
                      {s.ip ?? '—'} · {formatDateTime(s.created_at)}
                    </div>
                  </div>
                  {s.current ? null : (
                    <button
                      type="button"
                      className="account-security__link"
                      onClick={() => void confirmOne(s)}
                      data-testid="session-sign-out"
                    >
                      {t('account_security.sign_out')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <Button
              block
              shape="rounded"
              color="danger"
              fill="outline"
              disabled={otherCount === 0}
              loading={others.isPending}
              onClick={() => void confirmOthers()}
              data-testid="sign-out-others"
            >
              {t('account_security.sign_out_others')}
            </Button>
          </>
        )}
      </QueryView>
    </SecuritySection>
  );
}

const RESULT_KEYS = {
  ok: 'account_security.result_ok',
  wrong_password: 'account_security.result_wrong_password',
  frozen: 'account_security.result_frozen',
} as const;

function LoginHistorySection() {
  const { t } = useTranslation();
  const query = useQuery(loginHistoryQuery());
  return (
    <SecuritySection title={t('account_security.login_history')} testId="login-history">
      <QueryView query={query} isEmpty={(data) => data.list.length === 0}>
        {(data) => (
          <ul className="account-security__list" data-testid="login-history-list">
            {data.list.map((r) => (
              <li key={r.id} className="account-security__item" data-testid="login-record">
                <div>
                  <div className="account-security__main">{formatDateTime(r.created_at)}</div>
                  <div className="account-security__sub">
                    {r.ip ?? '—'} · {deviceName(r.user_agent)}
                  </div>
                </div>
                <span
                  className={
                    r.result === 'ok' ? 'account-security__result' : 'account-security__result account-security__result--bad'
                  }
                >
                  {t(RESULT_KEYS[r.result] ?? 'account_security.result_ok')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </SecuritySection>
  );
}

/** Devices and sign-ins: live sessions (sign out the others), login history, the anti-phishing code. */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('account_security.title')} testId="account-security-page">
      <SessionsSection />
      <LoginHistorySection />
      <AntiPhishingSection />
    </Page>
  );
}
