import type { SmsProvider } from './notifier.js';

export type TwilioSmsSettings = {
  /** Base URL of the Messages API (SMS_API_URL; tests point it at a local stand-in). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Sender number or messaging-service name. */
  from: string;
  /** Give up on a provider that does not answer (ms). */
  timeoutMs?: number;
};

/** A refusal by the provider: its HTTP status and error code only, never the message or the number. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: string | undefined,
  ) {
    super(`SMS provider refused the message (HTTP ${status}${providerCode ? `, code ${providerCode}` : ''})`);
  }
}

/**
 * SMS through Twilio's Messages API, which several providers also speak: a form POST to
 * `/2010-04-01/Accounts/{sid}/Messages.json` with HTTP basic authentication (account SID and token),
 * fields To, From and Body. A non-2xx answer throws, so the caller's request fails rather than
 * reporting a code as sent that nobody will receive.
 */
export function createTwilioSms(settings: TwilioSmsSettings): SmsProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async sendSms(to, body) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: settings.from, Body: body }).toString(),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      let providerCode: string | undefined;
      try {
        const parsed = (await res.json()) as { code?: unknown };
        if (typeof parsed.code === 'number' || typeof parsed.code === 'string') providerCode = String(parsed.code);
      } catch {
        // not JSON: the status says enough
      }
      throw new SmsDeliveryError(res.status, providerCode);
    },
  };
}
