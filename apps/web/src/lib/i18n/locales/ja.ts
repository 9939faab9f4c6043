import type { Catalogue } from './en';

export const ja: Catalogue = {
  app: {
    name: 'SBC Wallet',
  },
  tabs: {
    home: 'ホーム',
    wallet: 'カードケース',
    account: 'アカウント',
  },
  common: {
    retry: '再試行',
    loading: '読み込み中…',
    back: '戻る',
  },
  errors: {
    network: 'サーバーに接続できません。通信環境を確認して、もう一度お試しください。',
    timeout: 'サーバーの応答がタイムアウトしました。もう一度お試しください。',
    badReply: 'サーバーからの応答を読み取れませんでした。',
    unexpected: '問題が発生しました。もう一度お試しください。',
  },
  routeError: {
    title: 'ページを読み込めませんでした',
    description: '通信環境を確認してから「再試行」をタップしてください。',
  },
  notFound: {
    title: 'ページが見つかりません',
    description: 'お探しのページは存在しないか、移動した可能性があります。',
    home: 'ホームに戻る',
  },
  home: {
    hero: {
      tagline: '暗号資産を持ったまま、188か国以上で使えるVisaタイプのカードでお買い物ができます。',
    },
    assets: {
      title: '対応資産',
      decimals: '小数点以下{{digits}}桁',
    },
    networks: {
      title: 'ネットワーク',
      assets: '対応資産：{{assets}}',
      bindable: 'アドレス連携可',
    },
    loadError: '資産とネットワークの情報を読み込めませんでした',
  },
  kind: {
    crypto: '暗号資産',
    fiat: '法定通貨',
    token: 'トークン',
  },
  currency: {
    USDT: 'テザー',
    USD: '米ドル',
    HKD: '香港ドル',
    CNY: '人民元',
    JPY: '日本円',
    KRW: '韓国ウォン',
    EUR: 'ユーロ',
    SBC: 'SBCトークン',
    ABI: 'ABIトークン',
    BTC: 'ビットコイン',
    ETH: 'イーサリアム',
  },
  network: {
    TRON: 'トロン',
    BSC: 'BNBスマートチェーン',
    ETH: 'イーサリアム',
    BTC: 'ビットコイン',
  },
  wallet: {
    empty: {
      title: 'カードはまだありません',
      description: 'カードがあれば、Visaタイプのカードが使えるお店でウォレットの残高を使って支払えます。',
      virtualTitle: 'バーチャルカード',
      virtualText: '{{minutes}}分以内に発行され、すぐにオンライン決済に使えます。',
      physicalTitle: '物理カード',
      physicalText: '本人確認の完了後にお届けします。店舗でのお支払いに使えます。',
    },
  },
  account: {
    language: '言語',
    about: {
      title: 'このアプリについて',
      version: 'アプリのバージョン',
      docs: 'APIドキュメント',
    },
    server: {
      title: 'サーバーの状態',
      checkAgain: '再確認',
      status: 'サーバー',
      ready: '正常',
      notReady: '準備中',
      unreachable: '接続できません',
      database: 'データベース',
      migrations: 'マイグレーション',
    },
    checks: {
      ok: '正常',
      unreachable: '接続できません',
      pending: '未適用',
      unknown: '不明',
    },
  },
};
