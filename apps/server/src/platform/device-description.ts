import type { Language } from '@wallet/contract';
import Bowser from 'bowser';

/**
 * The names bowser knows. For a user-agent it does not know it falls back on the user-agent's first
 * word ("Mozilla", or whatever a made-up header starts with): that is no description, and it is text
 * anyone can send, so only known names are shown.
 */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));
/** Bowser names some browsers after their system ("Samsung Internet for Android"), which follows anyway. */
const FOR_SYSTEM = / for (Android|iOS)$/;

/**
 * The browser and system of a user-agent as a member recognises their own device, "Chrome · Linux",
 * the one description the sessions list, security notices, their emails and Messages all show: a
 * raw user-agent is a long technical string that tells a member nothing. Empty when neither is
 * known (a script, a made-up header); readers then say "unknown device" in their language.
 *
 * Sessions, notices and the audit keep the raw user-agent, and it is described when shown: a new
 * device is still told by its whole user-agent, and notices stored before this read the same.
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name && KNOWN_BROWSERS.has(browser.name) ? browser.name.replace(FOR_SYSTEM, '') : undefined;
  const system = os.name && KNOWN_SYSTEMS.has(os.name) ? os.name : undefined;
  return [name, system].filter(Boolean).join(' · ');
}

const UNKNOWN_DEVICE: Record<Language, string> = {
  zh: '未知设备',
  en: 'Unknown device',
  ko: '알 수 없는 기기',
  ja: '不明な端末',
};

/** The device as an email says it: its description, or "unknown device" in the mail's language. */
export function deviceInMail(userAgent: string | undefined, language: Language): string {
  return describeDevice(userAgent) || UNKNOWN_DEVICE[language];
}
