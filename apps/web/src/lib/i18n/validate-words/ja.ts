// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rc-field-form fills ${len}, ${min} and ${max} in, not JavaScript.
import type { Words } from '../validate-messages';

/** Japanese form rule messages; a file per language so the app loads only the one it shows. */
export const WORDS_JA: Words = {
  required: '入力してください。',
  invalid: '入力内容をご確認ください。',
  choose: '選択肢から1つ選んでください。',
  date: '正しい日付を入力してください。',
  number: '数字で入力してください。',
  integer: '整数で入力してください。',
  email: '正しいメールアドレスを入力してください。',
  url: '正しいウェブアドレスを入力してください。',
  textLen: '${len}文字で入力してください。',
  textMin: '${min}文字以上で入力してください。',
  textMax: '${max}文字以内で入力してください。',
  textRange: '${min}〜${max}文字で入力してください。',
  numberLen: '${len}を入力してください。',
  numberMin: '${min}以上の値を入力してください。',
  numberMax: '${max}以下の値を入力してください。',
  numberRange: '${min}〜${max}の値を入力してください。',
  itemsLen: '${len}件選択してください。',
  itemsMin: '${min}件以上選択してください。',
  itemsMax: '選択できるのは${max}件までです。',
  itemsRange: '${min}〜${max}件選択してください。',
  format: '形式が正しくありません。入力内容をご確認ください。',
};
