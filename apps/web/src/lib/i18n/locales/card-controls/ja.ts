import type { Catalogue } from '../en';

export const cardControlsJa: Catalogue['cardControls'] = {
  title: '利用制限',
  loadError: '利用制限の設定を読み込めませんでした',
  limits: {
    title: '上限',
    description: '{{currency}}建てです。上限を設けない場合は空欄のままにしてください。',
    perPurchase: '1回あたりの上限',
    perPurchaseHelp: 'この金額を超える1回の決済は拒否されます。',
    monthly: '月間上限',
    monthlyHelp: '暦月（UTC）に承認された決済を合計します。取り消された決済の金額は上限に戻ります。',
    spent: '今月の利用額：{{amount}}',
    noLimit: '上限なし',
  },
  usage: {
    title: '利用できる場面',
    online: 'オンライン決済',
    onlineHelp: 'カードを提示しないネットショップやアプリでの決済です。',
    atm: 'ATM出金',
    atmHelp: 'ATMで現金を引き出します。',
  },
  categories: {
    title: 'ブロックする加盟店カテゴリ',
    description: 'ここで選んだ種類の加盟店での決済は拒否されます。',
    gambling: 'ギャンブル',
    adult: 'アダルト',
    crypto: '暗号資産・送金',
    travel: '旅行・ホテル',
    dining: '飲食店',
    shopping: 'ショッピング',
    digital: 'デジタル商品・配信サービス',
    cash: '現金引き出し',
  },
  save: '保存',
  saved: '保存しました。これ以降の決済にはこの設定が適用されます。',
};
