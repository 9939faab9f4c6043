import type { Catalogue } from './en';

export const zh: Catalogue = {
  app: {
    name: 'SBC Wallet',
  },
  tabs: {
    home: '首页',
    wallet: '卡包',
    account: '我的',
  },
  common: {
    retry: '重试',
    loading: '加载中…',
    back: '返回',
  },
  errors: {
    network: '无法连接服务器，请检查网络后重试。',
    timeout: '服务器响应超时，请稍后重试。',
    badReply: '服务器返回的数据无法识别。',
    unexpected: '出了点问题，请重试。',
  },
  routeError: {
    title: '页面加载失败',
    description: '请检查网络连接，然后点击“重试”。',
  },
  notFound: {
    title: '页面不存在',
    description: '您访问的页面不存在或已被移动。',
    home: '返回首页',
  },
  home: {
    hero: {
      tagline: '安心持有加密资产，用全球 188 个以上国家和地区通用的 Visa 类卡片轻松消费。',
    },
    assets: {
      title: '支持的资产',
      decimals: '显示 {{digits}} 位小数',
    },
    networks: {
      title: '支持的网络',
      assets: '资产：{{assets}}',
      bindable: '可绑定地址',
    },
    loadError: '资产和网络信息加载失败',
  },
  kind: {
    crypto: '加密货币',
    fiat: '法币',
    token: '代币',
  },
  currency: {
    USDT: '泰达币',
    USD: '美元',
    HKD: '港币',
    CNY: '人民币',
    JPY: '日元',
    KRW: '韩元',
    EUR: '欧元',
    SBC: 'SBC 代币',
    ABI: 'ABI 代币',
    BTC: '比特币',
    ETH: '以太坊',
  },
  network: {
    TRON: '波场 TRON',
    BSC: '币安智能链',
    ETH: '以太坊',
    BTC: '比特币',
  },
  wallet: {
    empty: {
      title: '还没有卡片',
      description: '开通卡片后，即可在支持 Visa 类卡片的商户使用钱包余额消费。',
      virtualTitle: '虚拟卡',
      virtualText: '{{minutes}} 分钟内开通，开通后即可用于线上支付。',
      physicalTitle: '实体卡',
      physicalText: '完成身份认证后邮寄给您，可在线下商户刷卡消费。',
    },
  },
  account: {
    language: '语言',
    about: {
      title: '关于',
      version: '版本号',
      docs: 'API 文档',
    },
    server: {
      title: '服务器状态',
      checkAgain: '重新检测',
      status: '服务器',
      ready: '正常',
      notReady: '未就绪',
      unreachable: '无法连接',
      database: '数据库',
      migrations: '数据库迁移',
    },
    checks: {
      ok: '正常',
      unreachable: '无法连接',
      pending: '待执行',
      unknown: '未知',
    },
  },
};
