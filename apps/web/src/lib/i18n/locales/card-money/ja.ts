import type { Catalogue } from '../en';

export const cardMoneyJa: Catalogue['cardMoney'] = {
  choose: {
    rechargeTitle: 'どのカードにチャージしますか？',
    toWalletTitle: 'どのカードから移しますか？',
    intro: '利用中のカードだけが表示されます。',
    balance: '残高 {{amount}} {{currency}}',
    frozen: '凍結中',
    none: 'まだ使えるカードがありません',
    noneText: 'カードが開設され、KYC認証が完了するとチャージできます。',
    noneToWalletText: '有効なカードがまだありません。カードが開設されて有効になると、カード残高をウォレットへ移せます。',
    toCards: 'マイカードへ',
    loadError: 'カードを読み込めませんでした',
  },
  card: {
    to: 'チャージ先',
    from: '移動元のカード',
    change: '変更',
  },
  recharge: {
    intro: '{{currency}}ウォレットからカードへチャージします。手数料は金額とは別にかかります。',
    placeholder: '{{minimum}}以上の整数',
    minimum: '{{currency}}の整数で{{minimum}}以上',
    overWithFee: '手数料を含めると残高を超えます。利用可能額は{{available}} {{currency}}です。',
    sheetTitle: 'チャージの確認',
  },
  toWallet: {
    intro: 'カード残高を{{currency}}ウォレットへ戻します。手数料はかかりません。',
    placeholder: '最大{{max}}',
    sheetTitle: 'ウォレットへの移動の確認',
  },
  summary: {
    title: '内訳',
    pending: '金額を入力すると、手数料・レート・受取額が表示されます。',
    loading: '計算しています…',
  },
  continue: '次へ',
  sheetIntro: '以下の金額がそのまま移動します。支払いパスワードを入力して確定してください。',
  cancel: 'キャンセル',
  payPassword: '支払いパスワード',
  payPasswordPlaceholder: '6桁の支払いパスワード',
  payPasswordRequired: '6桁の支払いパスワードを入力してください。',
  pin: {
    heading: 'カードPINの設定',
    intro: 'お店での支払いや現金の引き出しの際に、6桁のPINを入力します。',
    newPin: '新しいPIN',
    newPinPlaceholder: '6桁の数字',
    confirmPin: '新しいPIN（確認）',
    confirmPlaceholder: '同じ6桁の数字を入力',
    length: 'PINを6桁すべて入力してください。',
    mismatch: '2つのPINが一致しません。同じ6桁の数字を2回入力してください。',
    tooSimple: 'このPINは推測されやすすぎます。同じ数字の繰り返しや123456のような連番は避けてください。',
    confirmGroup: '確認',
  },
  bind: {
    invalid: '無効なカード番号です。カードに印字された数字をご確認ください。',
  },
};
