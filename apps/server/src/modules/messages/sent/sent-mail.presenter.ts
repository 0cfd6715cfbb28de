import type { messagesApi } from '@meridian/domain';
import type { TOutboxRow } from './sent-mail.policy.js';

type TItem = messagesApi.TSentMailItem;

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;
/** Mail that carries a one-time link (password, sign-in, advisor approval): whoever reads the log must not be able to use it. */
const carriesOneTimeLink = (purpose: string) => purpose.startsWith('password-link:') || purpose === 'approval-link';
export const HIDDEN_LINK = '[one-time link hidden]';

/**
 * A message's text as the log shows it (docs/product/messages.md#what-the-log-shows): the one-time links
 * of password, sign-in and approval mail are hidden, so reading the log never lets anyone act as the recipient.
 */
export function shownBody(purpose: string, body: string): string;
export function shownBody(purpose: string, body: string | null): string | null;
export function shownBody(purpose: string, body: string | null): string | null {
  if (body === null || !carriesOneTimeLink(purpose)) return body;
  return body.replace(LINK, HIDDEN_LINK);
}

export function presentItem(m: TOutboxRow): TItem {
  return {
    id: m.id,
    to: m.toAddress,
    cc: m.cc,
    subject: m.subject,
    purpose: m.purpose,
    category: m.category,
    status: m.status as TItem['status'],
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  };
}

/** A message with its bodies and the mail server's answer, as the record's Message Center lists it. */
export function presentRecordItem(m: TOutboxRow): messagesApi.TRecordMessageItem {
  return {
    ...presentItem(m),
    textBody: shownBody(m.purpose, m.textBody),
    htmlBody: shownBody(m.purpose, m.htmlBody),
    smtpResponse: m.smtpResponse,
    lastError: m.lastError,
  };
}
