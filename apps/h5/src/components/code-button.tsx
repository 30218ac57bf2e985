import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownEnd, secondsLeft, startCountdown } from '../lib/countdown';
import './code-button.css';

type Props = {
  /** Sends the code; resolves true when it went out (validation failures and API errors resolve false). */
  onSend: () => Promise<boolean>;
  /** Identifies the countdown (scene + target), so it survives navigating away and back. */
  countdownKey: string;
  testId?: string;
  disabled?: boolean;
};

/** "Send code", then a 60-second countdown before it can be sent again. */
export function CodeButton({ onSend, countdownKey, testId, disabled = false }: Props) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [endAt, setEndAt] = useState(() => countdownEnd(countdownKey));
  const [sending, setSending] = useState(false);
  const left = secondsLeft(endAt, now);

  useEffect(() => {
    setEndAt(countdownEnd(countdownKey));
  }, [countdownKey]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const click = async () => {
    if (sending || left > 0) return;
    setSending(true);
    try {
      if (await onSend()) {
        const t0 = Date.now();
        setNow(t0);
        setEndAt(startCountdown(countdownKey, t0));
      }
    } catch {
      // The API client has already shown why; the button simply stays available.
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className="code-button" onClick={click} disabled={disabled || sending || left > 0} data-testid={testId}>
      {left > 0 ? t('auth.resend_in', { seconds: left }) : t('auth.send_code')}
    </button>
  );
}
