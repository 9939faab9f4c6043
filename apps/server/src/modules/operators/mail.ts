import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';
import { deviceInMail } from '../../platform/device-description';
import type { OperatorDeps } from './deps';

/**
 * Operators' mails, in English and Chinese in one text (the console's two languages). Written in the
 * transaction of their event: the development outbox commits with it, SMTP sends after the commit.
 */
export async function mailOperator(
  deps: Pick<OperatorDeps, 'mailer' | 'log'>,
  trx: Executor,
  to: string,
  mail: { subject: string; text: string },
) {
  const message = { to, ...mail };
  if (deps.mailer.kind === 'outbox') return deps.mailer.send(message, trx);
  afterCommit(trx, () => {
    deps.mailer.send(message).catch((error: unknown) => deps.log.warn({ err: error }, 'operator mail not sent'));
  });
}

export function newDeviceMail(p: { when: Date; userAgent: string; ip: string | null; consoleUrl: string }) {
  const when = `${p.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    subject: 'SBC Wallet console: sign-in from a new device / 控制台新设备登录',
    text: [
      `Your operator account signed in to the console from a device it had not used before: ${deviceInMail(p.userAgent, 'en')}, address ${p.ip ?? '-'}, at ${when}.`,
      `If this was not you, sign in at ${p.consoleUrl}, end that session under "My sessions", and tell an admin at once.`,
      '',
      `您的操作员账号在一台从未使用过的设备上登录了控制台：${deviceInMail(p.userAgent, 'zh')}，地址 ${p.ip ?? '-'}，时间 ${when}。`,
      `如非本人操作，请登录 ${p.consoleUrl}，在“我的会话”中结束该会话，并立即告知管理员。`,
    ].join('\n'),
  };
}

export function enrolmentMail(p: { enrolUrl: string; roles: readonly string[]; hours: number }) {
  return {
    subject: 'SBC Wallet console: your operator account / 您的控制台操作员账号',
    text: [
      `An operator account with the roles ${p.roles.join(', ')} was made for you. Set its password within ${p.hours} hours (the link works once):`,
      p.enrolUrl,
      'At your first sign-in you will set up an authenticator app.',
      '',
      `已为您创建操作员账号（角色：${p.roles.join('、')}）。请在 ${p.hours} 小时内通过以下链接设置密码（链接仅可使用一次）：`,
      p.enrolUrl,
      '首次登录时需要设置验证器应用。',
    ].join('\n'),
  };
}
