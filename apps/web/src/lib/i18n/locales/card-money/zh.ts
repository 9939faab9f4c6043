import type { Catalogue } from '../en';

export const cardMoneyZh: Catalogue['cardMoney'] = {
  choose: {
    rechargeTitle: '要为哪张卡充值？',
    toWalletTitle: '要从哪张卡转出？',
    intro: '仅列出已激活的卡。',
    balance: '余额 {{amount}} {{currency}}',
    frozen: '已冻结',
    none: '暂无可用的卡',
    noneText: '卡片开通且KYC认证通过后即可充值。',
    noneToWalletText: '您还没有已激活的卡片。卡片开通并激活后，才能把卡内余额转到钱包。',
    toCards: '前往我的卡',
    loadError: '无法加载您的卡片',
  },
  card: {
    to: '充值到',
    from: '转出卡',
    change: '更换',
  },
  recharge: {
    intro: '从您的{{currency}}钱包充值到卡内，手续费在金额之外另收。',
    placeholder: '整数金额，最低{{minimum}}',
    minimum: '整数 {{currency}}，最低 {{minimum}}',
    overWithFee: '加上手续费后超出余额：可用{{available}} {{currency}}。',
    sheetTitle: '确认充值',
  },
  toWallet: {
    intro: '从卡内转回您的{{currency}}钱包，不收手续费。',
    placeholder: '最多{{max}}',
    sheetTitle: '确认转入钱包',
  },
  summary: {
    title: '费用明细',
    pending: '输入金额后显示手续费、汇率和到账金额。',
    loading: '正在计算…',
  },
  continue: '下一步',
  sheetIntro: '以下为实际变动的金额，请输入支付密码确认。',
  cancel: '取消',
  payPassword: '支付密码',
  payPasswordPlaceholder: '6位支付密码',
  payPasswordRequired: '请输入6位支付密码。',
  pin: {
    heading: '设置卡密码',
    intro: '在商户刷卡消费或取现时需要输入6位卡密码。',
    newPin: '新卡密码',
    newPinPlaceholder: '6位数字',
    confirmPin: '再次输入新卡密码',
    confirmPlaceholder: '再次输入相同的6位数字',
    length: '请输入完整的6位卡密码。',
    mismatch: '两次输入的卡密码不一致，请输入相同的6位数字。',
    tooSimple: '该卡密码过于简单，请勿使用重复数字或123456这类连续数字。',
    confirmGroup: '确认',
  },
  bind: {
    invalid: '卡号无效，请核对卡片上印制的数字。',
  },
};
