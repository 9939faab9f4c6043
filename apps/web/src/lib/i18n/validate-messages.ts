// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rc-field-form fills ${len}, ${min} and ${max} in, not JavaScript.
import type { Language } from '@wallet/contract';
import type enUS from 'antd-mobile/es/locales/en-US';

export type ValidateMessages = (typeof enUS)['Form']['defaultValidateMessages'];

/**
 * What a form field's own `rules` say when they fail, for every antd-mobile Form of the app. The
 * library's defaults glue the label to a template (Korean without its particle) and print the
 * rule's regular expression; these are whole sentences shown under the field, so they name
 * neither the label nor the pattern. Only ${len}, ${min} and ${max} are filled in.
 */
type Words = {
  required: string;
  invalid: string;
  choose: string;
  date: string;
  number: string;
  integer: string;
  email: string;
  url: string;
  textLen: string;
  textMin: string;
  textMax: string;
  textRange: string;
  numberLen: string;
  numberMin: string;
  numberMax: string;
  numberRange: string;
  itemsLen: string;
  itemsMin: string;
  itemsMax: string;
  itemsRange: string;
  format: string;
};

const WORDS: Readonly<Record<Language, Words>> = {
  en: {
    required: 'Please fill this in.',
    invalid: 'Please check this field.',
    choose: 'Please choose one of the options.',
    date: 'Please enter a valid date.',
    number: 'Please enter a number.',
    integer: 'Please enter a whole number.',
    email: 'Please enter a valid email address.',
    url: 'Please enter a valid web address.',
    textLen: 'Please enter exactly ${len} characters.',
    textMin: 'Please enter at least ${min} characters.',
    textMax: 'Please use at most ${max} characters.',
    textRange: 'Please enter ${min} to ${max} characters.',
    numberLen: 'Please enter ${len}.',
    numberMin: 'Please enter ${min} or more.',
    numberMax: 'Please enter ${max} or less.',
    numberRange: 'Please enter a value from ${min} to ${max}.',
    itemsLen: 'Please choose exactly ${len}.',
    itemsMin: 'Please choose at least ${min}.',
    itemsMax: 'Please choose no more than ${max}.',
    itemsRange: 'Please choose ${min} to ${max}.',
    format: 'This is not in the right form. Please check what you entered.',
  },
  zh: {
    required: '请填写此项。',
    invalid: '请检查此项。',
    choose: '请从选项中选择一项。',
    date: '请输入正确的日期。',
    number: '请输入数字。',
    integer: '请输入整数。',
    email: '请输入正确的邮箱地址。',
    url: '请输入正确的网址。',
    textLen: '请输入 ${len} 个字符。',
    textMin: '请至少输入 ${min} 个字符。',
    textMax: '最多可输入 ${max} 个字符。',
    textRange: '请输入 ${min} 至 ${max} 个字符。',
    numberLen: '请输入 ${len}。',
    numberMin: '请输入不小于 ${min} 的数值。',
    numberMax: '请输入不大于 ${max} 的数值。',
    numberRange: '请输入 ${min} 至 ${max} 之间的数值。',
    itemsLen: '请选择 ${len} 项。',
    itemsMin: '请至少选择 ${min} 项。',
    itemsMax: '最多可选择 ${max} 项。',
    itemsRange: '请选择 ${min} 至 ${max} 项。',
    format: '格式不正确，请检查输入的内容。',
  },
  ko: {
    required: '필수 입력 항목입니다.',
    invalid: '입력 내용을 확인해 주세요.',
    choose: '항목 중 하나를 선택해 주세요.',
    date: '올바른 날짜를 입력해 주세요.',
    number: '숫자로 입력해 주세요.',
    integer: '정수로 입력해 주세요.',
    email: '올바른 이메일 주소를 입력해 주세요.',
    url: '올바른 웹 주소를 입력해 주세요.',
    textLen: '${len}자로 입력해 주세요.',
    textMin: '${min}자 이상 입력해 주세요.',
    textMax: '${max}자 이하로 입력해 주세요.',
    textRange: '${min}~${max}자로 입력해 주세요.',
    numberLen: '${len}만 입력할 수 있습니다.',
    numberMin: '${min} 이상으로 입력해 주세요.',
    numberMax: '${max} 이하로 입력해 주세요.',
    numberRange: '${min}~${max} 사이의 값을 입력해 주세요.',
    itemsLen: '${len}개를 선택해 주세요.',
    itemsMin: '${min}개 이상 선택해 주세요.',
    itemsMax: '${max}개까지 선택할 수 있습니다.',
    itemsRange: '${min}~${max}개를 선택해 주세요.',
    format: '형식이 올바르지 않습니다. 입력한 내용을 확인해 주세요.',
  },
  ja: {
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
  },
};

function messagesOf(w: Words): ValidateMessages {
  return {
    default: w.invalid,
    required: w.required,
    enum: w.choose,
    whitespace: w.required,
    date: { format: w.date, parse: w.date, invalid: w.date },
    types: {
      string: w.invalid,
      method: w.invalid,
      array: w.invalid,
      object: w.invalid,
      number: w.number,
      date: w.date,
      boolean: w.invalid,
      integer: w.integer,
      float: w.number,
      regexp: w.format,
      email: w.email,
      url: w.url,
      hex: w.format,
    },
    string: { len: w.textLen, min: w.textMin, max: w.textMax, range: w.textRange },
    number: { len: w.numberLen, min: w.numberMin, max: w.numberMax, range: w.numberRange },
    array: { len: w.itemsLen, min: w.itemsMin, max: w.itemsMax, range: w.itemsRange },
    pattern: { mismatch: w.format },
  };
}

export const VALIDATE_MESSAGES: Readonly<Record<Language, ValidateMessages>> = {
  en: messagesOf(WORDS.en),
  zh: messagesOf(WORDS.zh),
  ko: messagesOf(WORDS.ko),
  ja: messagesOf(WORDS.ja),
};
