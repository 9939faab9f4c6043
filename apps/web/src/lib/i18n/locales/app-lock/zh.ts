import type { appLockEn } from './en';

export const appLockZh: typeof appLockEn = {
  settings: {
    title: '应用锁',
    toggle: '锁定应用',
    description: '应用闲置一段时间后再次打开时，需先输入支付密码或使用通行密钥，才会显示内容。',
    after: '锁定时间',
    immediately: '每次打开',
    oneMinute: '1 分钟',
    fiveMinutes: '5 分钟',
    fifteenMinutes: '15 分钟',
    turnedOn: '应用锁已开启',
    turnedOff: '应用锁已关闭',
    changed: '已保存',
    loadError: '无法加载应用锁设置',
  },
  screen: {
    title: 'SBC Wallet 已锁定',
    intro: '请输入支付密码以打开应用。',
    paymentPassword: '支付密码',
    unlock: '解锁',
    passkey: '使用通行密钥解锁',
    passkeyCancelled: '未使用通行密钥。请重试，或输入支付密码。',
    forgot: '忘记支付密码？退出登录',
  },
};
