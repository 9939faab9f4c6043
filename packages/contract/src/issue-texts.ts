import type { Language } from './languages';

/**
 * What zod found wrong with one value, as a sentence a member can read in their language. zod's own
 * messages name regular expressions and types ("must match pattern /^…$/", "expected string"), so
 * they are never shown: each kind of issue is worded here from its parameters. No text names a field
 * (the form shows it next to the field) or contains a pattern, a path or JSON.
 */

/** The parts of a zod issue the wording needs; both zod's server issues and the web's parse results fit. */
export type IssueLike = {
  readonly code: string;
  readonly message?: string;
  readonly input?: unknown;
  readonly expected?: unknown;
  readonly origin?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly inclusive?: unknown;
  readonly exact?: unknown;
  readonly format?: unknown;
  readonly divisor?: unknown;
  readonly values?: unknown;
};

type Texts = {
  required: string;
  notText: string;
  notNumber: string;
  notWholeNumber: string;
  notChoice: string;
  notList: string;
  notDate: string;
  wrongKind: string;
  textExactly: (n: string) => string;
  textAtLeast: (n: string) => string;
  textAtMost: (n: string) => string;
  numberAtLeast: (n: string) => string;
  numberAbove: (n: string) => string;
  numberAtMost: (n: string) => string;
  numberBelow: (n: string) => string;
  itemsAtLeast: (n: string) => string;
  itemsAtMost: (n: string) => string;
  pickOne: string;
  dateTooEarly: string;
  dateTooLate: string;
  fileTooSmall: string;
  fileTooLarge: string;
  email: string;
  url: string;
  id: string;
  dateTime: string;
  date: string;
  time: string;
  lowercase: string;
  uppercase: string;
  format: string;
  decimals: (places: string) => string;
  multipleOf: (n: string) => string;
  unknownFields: string;
  invalidEntry: string;
  invalid: string;
};

const TEXTS: Readonly<Record<Language, Texts>> = {
  en: {
    required: 'Please fill this in.',
    notText: 'Please enter text here.',
    notNumber: 'Please enter a number.',
    notWholeNumber: 'Please enter a whole number.',
    notChoice: 'Please make a choice.',
    notList: 'Please choose from the list.',
    notDate: 'Please enter a date.',
    wrongKind: 'This value is of the wrong kind.',
    textExactly: (n) => `Please enter exactly ${n} characters.`,
    textAtLeast: (n) => `Please enter at least ${n} characters.`,
    textAtMost: (n) => `Please use at most ${n} characters.`,
    numberAtLeast: (n) => `Please enter ${n} or more.`,
    numberAbove: (n) => `Please enter more than ${n}.`,
    numberAtMost: (n) => `Please enter ${n} or less.`,
    numberBelow: (n) => `Please enter less than ${n}.`,
    itemsAtLeast: (n) => `Please add at least ${n}.`,
    itemsAtMost: (n) => `Please add no more than ${n}.`,
    pickOne: 'Please choose at least one.',
    dateTooEarly: 'This date is too early.',
    dateTooLate: 'This date is too late.',
    fileTooSmall: 'This file is too small.',
    fileTooLarge: 'This file is too large.',
    email: 'Please enter a valid email address.',
    url: 'Please enter a valid web address.',
    id: 'This reference is not valid.',
    dateTime: 'Please enter a valid date and time.',
    date: 'Please enter a valid date, such as 2025-01-31.',
    time: 'Please enter a valid time, such as 09:30.',
    lowercase: 'Please use lower-case letters only.',
    uppercase: 'Please use capital letters only.',
    format: 'This is not in the right form. Please check what you entered.',
    decimals: (places) => `Please use at most ${places} decimal places.`,
    multipleOf: (n) => `Please enter a multiple of ${n}.`,
    unknownFields: 'The request contains information we do not accept.',
    invalidEntry: 'One of the entries is not valid.',
    invalid: 'Please check this field.',
  },
  zh: {
    required: '请填写此项。',
    notText: '请在此输入文字。',
    notNumber: '请输入数字。',
    notWholeNumber: '请输入整数。',
    notChoice: '请选择一项。',
    notList: '请从列表中选择。',
    notDate: '请输入日期。',
    wrongKind: '此项内容的类型不正确。',
    textExactly: (n) => `请输入 ${n} 个字符。`,
    textAtLeast: (n) => `请至少输入 ${n} 个字符。`,
    textAtMost: (n) => `最多可输入 ${n} 个字符。`,
    numberAtLeast: (n) => `请输入不小于 ${n} 的数值。`,
    numberAbove: (n) => `请输入大于 ${n} 的数值。`,
    numberAtMost: (n) => `请输入不大于 ${n} 的数值。`,
    numberBelow: (n) => `请输入小于 ${n} 的数值。`,
    itemsAtLeast: (n) => `请至少添加 ${n} 项。`,
    itemsAtMost: (n) => `最多可添加 ${n} 项。`,
    pickOne: '请至少选择一项。',
    dateTooEarly: '日期过早。',
    dateTooLate: '日期过晚。',
    fileTooSmall: '文件过小。',
    fileTooLarge: '文件过大。',
    email: '请输入正确的邮箱地址。',
    url: '请输入正确的网址。',
    id: '编号无效。',
    dateTime: '请输入正确的日期和时间。',
    date: '请输入正确的日期，例如 2025-01-31。',
    time: '请输入正确的时间，例如 09:30。',
    lowercase: '请只使用小写字母。',
    uppercase: '请只使用大写字母。',
    format: '格式不正确，请检查输入的内容。',
    decimals: (places) => `最多保留 ${places} 位小数。`,
    multipleOf: (n) => `请输入 ${n} 的整数倍。`,
    unknownFields: '请求中包含不受支持的内容。',
    invalidEntry: '其中有一项内容无效。',
    invalid: '请检查此项。',
  },
  ko: {
    required: '필수 입력 항목입니다.',
    notText: '문자로 입력해 주세요.',
    notNumber: '숫자로 입력해 주세요.',
    notWholeNumber: '정수로 입력해 주세요.',
    notChoice: '하나를 선택해 주세요.',
    notList: '목록에서 선택해 주세요.',
    notDate: '날짜를 입력해 주세요.',
    wrongKind: '값의 종류가 올바르지 않습니다.',
    textExactly: (n) => `${n}자로 입력해 주세요.`,
    textAtLeast: (n) => `${n}자 이상 입력해 주세요.`,
    textAtMost: (n) => `${n}자 이하로 입력해 주세요.`,
    numberAtLeast: (n) => `${n} 이상으로 입력해 주세요.`,
    numberAbove: (n) => `${n}보다 큰 값을 입력해 주세요.`,
    numberAtMost: (n) => `${n} 이하로 입력해 주세요.`,
    numberBelow: (n) => `${n}보다 작은 값을 입력해 주세요.`,
    itemsAtLeast: (n) => `${n}개 이상 추가해 주세요.`,
    itemsAtMost: (n) => `${n}개까지 추가할 수 있습니다.`,
    pickOne: '하나 이상 선택해 주세요.',
    dateTooEarly: '너무 이른 날짜입니다.',
    dateTooLate: '너무 늦은 날짜입니다.',
    fileTooSmall: '파일이 너무 작습니다.',
    fileTooLarge: '파일이 너무 큽니다.',
    email: '올바른 이메일 주소를 입력해 주세요.',
    url: '올바른 웹 주소를 입력해 주세요.',
    id: '올바르지 않은 번호입니다.',
    dateTime: '올바른 날짜와 시간을 입력해 주세요.',
    date: '올바른 날짜를 입력해 주세요. 예: 2025-01-31',
    time: '올바른 시간을 입력해 주세요. 예: 09:30',
    lowercase: '영문 소문자만 입력해 주세요.',
    uppercase: '영문 대문자만 입력해 주세요.',
    format: '형식이 올바르지 않습니다. 입력한 내용을 확인해 주세요.',
    decimals: (places) => `소수점 이하 ${places}자리까지 입력할 수 있습니다.`,
    multipleOf: (n) => `${n}의 배수로 입력해 주세요.`,
    unknownFields: '요청에 허용되지 않는 항목이 있습니다.',
    invalidEntry: '올바르지 않은 항목이 있습니다.',
    invalid: '입력 내용을 확인해 주세요.',
  },
  ja: {
    required: '入力してください。',
    notText: '文字で入力してください。',
    notNumber: '数字で入力してください。',
    notWholeNumber: '整数で入力してください。',
    notChoice: 'いずれかを選択してください。',
    notList: '一覧から選択してください。',
    notDate: '日付を入力してください。',
    wrongKind: '値の種類が正しくありません。',
    textExactly: (n) => `${n}文字で入力してください。`,
    textAtLeast: (n) => `${n}文字以上で入力してください。`,
    textAtMost: (n) => `${n}文字以内で入力してください。`,
    numberAtLeast: (n) => `${n}以上の値を入力してください。`,
    numberAbove: (n) => `${n}より大きい値を入力してください。`,
    numberAtMost: (n) => `${n}以下の値を入力してください。`,
    numberBelow: (n) => `${n}未満の値を入力してください。`,
    itemsAtLeast: (n) => `${n}件以上追加してください。`,
    itemsAtMost: (n) => `追加できるのは${n}件までです。`,
    pickOne: '1つ以上選択してください。',
    dateTooEarly: '日付が早すぎます。',
    dateTooLate: '日付が遅すぎます。',
    fileTooSmall: 'ファイルが小さすぎます。',
    fileTooLarge: 'ファイルが大きすぎます。',
    email: '正しいメールアドレスを入力してください。',
    url: '正しいウェブアドレスを入力してください。',
    id: '番号が正しくありません。',
    dateTime: '正しい日時を入力してください。',
    date: '正しい日付を入力してください（例：2025-01-31）。',
    time: '正しい時刻を入力してください（例：09:30）。',
    lowercase: '英小文字で入力してください。',
    uppercase: '英大文字で入力してください。',
    format: '形式が正しくありません。入力内容をご確認ください。',
    decimals: (places) => `小数点以下は${places}桁までです。`,
    multipleOf: (n) => `${n}の倍数を入力してください。`,
    unknownFields: 'リクエストに受け付けられない項目が含まれています。',
    invalidEntry: '正しくない項目があります。',
    invalid: '入力内容をご確認ください。',
  },
};

const ID_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid', 'nanoid']);

/** Limits are shown as plain numbers; zod's "no limit" sentinels never reach a member as a limit. */
function limit(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function missing(issue: IssueLike): boolean {
  return !('input' in issue) || issue.input === undefined || issue.input === null || issue.input === '';
}

function typeText(issue: IssueLike, t: Texts): string {
  if (missing(issue)) return t.required;
  switch (issue.expected) {
    case 'string':
      return t.notText;
    case 'number':
    case 'bigint':
    case 'nan':
      return t.notNumber;
    case 'int':
      return t.notWholeNumber;
    case 'boolean':
      return t.notChoice;
    case 'array':
    case 'set':
      return t.notList;
    case 'date':
      return t.notDate;
    default:
      return t.wrongKind;
  }
}

function smallText(issue: IssueLike, t: Texts): string {
  const n = limit(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return t.textExactly(n);
      return Number(n) <= 1 ? t.required : t.textAtLeast(n);
    case 'array':
    case 'set':
      return Number(n) <= 1 ? t.pickOne : t.itemsAtLeast(n);
    case 'date':
      return t.dateTooEarly;
    case 'file':
      return t.fileTooSmall;
    default:
      return issue.inclusive === false ? t.numberAbove(n) : t.numberAtLeast(n);
  }
}

function bigText(issue: IssueLike, t: Texts): string {
  const n = limit(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.exact ? t.textExactly(n) : t.textAtMost(n);
    case 'array':
    case 'set':
      return t.itemsAtMost(n);
    case 'date':
      return t.dateTooLate;
    case 'file':
      return t.fileTooLarge;
    default:
      return issue.inclusive === false ? t.numberBelow(n) : t.numberAtMost(n);
  }
}

function formatText(issue: IssueLike, t: Texts): string {
  const format = String(issue.format);
  if (format === 'email') return t.email;
  if (format === 'url') return t.url;
  if (ID_FORMATS.has(format)) return t.id;
  if (format === 'datetime') return t.dateTime;
  if (format === 'date') return t.date;
  if (format === 'time') return t.time;
  if (format === 'lowercase') return t.lowercase;
  if (format === 'uppercase') return t.uppercase;
  return t.format;
}

/** 0.01 reads better as "at most 2 decimal places" than as "a multiple of 0.01". */
function multipleText(issue: IssueLike, t: Texts): string {
  const divisor = limit(issue.divisor);
  const places = /^0\.(0*)1$/.exec(divisor);
  if (places) return t.decimals(String((places[1]?.length ?? 0) + 1));
  return t.multipleOf(divisor);
}

/** The sentence for one zod issue in `language`. */
export function zodIssueText(issue: IssueLike, language: Language): string {
  const t = TEXTS[language];
  switch (issue.code) {
    case 'invalid_type':
      return typeText(issue, t);
    case 'too_small':
      return smallText(issue, t);
    case 'too_big':
      return bigText(issue, t);
    case 'invalid_format':
      return formatText(issue, t);
    case 'not_multiple_of':
      return multipleText(issue, t);
    case 'invalid_value':
      return missing(issue) ? t.required : t.notList;
    case 'unrecognized_keys':
      return t.unknownFields;
    case 'invalid_key':
    case 'invalid_element':
      return t.invalidEntry;
    case 'invalid_union':
      return missing(issue) ? t.required : t.invalid;
    default:
      return t.invalid;
  }
}

/** Whether an issue means "nothing was given", for forms that word that case themselves. */
export function isMissingIssue(issue: IssueLike): boolean {
  if (issue.code === 'too_small') return issue.origin === 'string' && !issue.exact && Number(limit(issue.minimum)) <= 1;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') return missing(issue);
  return false;
}
