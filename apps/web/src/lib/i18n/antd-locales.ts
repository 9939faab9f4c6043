import type enUS from 'antd-mobile/es/locales/en-US';
import { messagesOf, type Words } from './validate-messages';

export type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (pull to refresh, dialogs, pickers) follow the app language. Every Form
 * takes its rule messages from the locale, so ours replace the library's there: one place covers
 * every form of the app, including those that give `rules` without a message.
 */
export function withMessages(locale: AntdLocale, words: Words): AntdLocale {
  return { ...locale, Form: { ...locale.Form, defaultValidateMessages: messagesOf(words) } };
}
