import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { withAntiPhishingCode } from './anti-phishing.js';

export type Channel = 'email' | 'sms';
export type Message = { channel: Channel; target: string; subject: string; body: string; code?: string };

/** Sends a message to a person; one implementation per provider. */
export interface Notifier {
  send(message: Message): Promise<void>;
}

/** An SMS provider plugs in here (none is configured by default). */
export interface SmsProvider {
  sendSms(to: string, body: string): Promise<void>;
}

type Deps = {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  mailFrom: string;
  sms?: SmsProvider;
  /**
   * Keep undelivered messages in the development outbox (never in production: config.ts refuses to
   * start there without a provider for each channel).
   */
  devOutbox: boolean;
};

/**
 * Delivers through a real provider when one is configured for the channel (SMTP for e-mail, an
 * SmsProvider for SMS). Outside production a channel without a provider goes to the development
 * outbox, readable only through the console's API. No log line ever carries a message's body, code or
 * target: the codes guard password resets and withdrawals.
 */
export function createNotifier({ db, log, smtpUrl, mailFrom, sms, devOutbox }: Deps): Notifier {
  let mailer: Promise<{ sendMail: (m: object) => Promise<unknown> }> | undefined;
  const getMailer = (url: string) => {
    // Loaded on first use so a server without SMTP never pays for it at start.
    mailer ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return mailer;
  };

  return {
    async send(original) {
      // operations: e-mails carry the account's anti-phishing code (notify/anti-phishing.ts).
      const message =
        original.channel === 'email'
          ? { ...original, body: await withAntiPhishingCode(db, original.target, original.body) }
          : original;
      let delivered = 'outbox';
      if (message.channel === 'email' && smtpUrl) {
        const transport = await getMailer(smtpUrl);
        await transport.sendMail({ from: mailFrom, to: message.target, subject: message.subject, text: message.body });
        delivered = 'smtp';
      } else if (message.channel === 'sms' && sms) {
        await sms.sendSms(message.target, message.body);
        delivered = 'sms';
      } else if (!devOutbox) {
        // Unreachable with a checked configuration; refusing beats keeping a code where people read it.
        throw new Error(`no ${message.channel} provider configured`);
      }
      log.info({ notify: { channel: message.channel, delivered } }, 'message sent');
      if (!devOutbox) return;
      const viaOutbox = delivered === 'outbox';
      await db.insert(outbox).values({
        channel: message.channel,
        target: message.target,
        subject: message.subject,
        // A message a provider delivered is recorded without its code: the outbox must not leak it.
        body: viaOutbox ? message.body : '(delivered by provider)',
        code: viaOutbox ? (message.code ?? null) : null,
        delivered,
      });
    },
  };
}
