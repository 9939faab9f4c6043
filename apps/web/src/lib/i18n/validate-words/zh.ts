// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rc-field-form fills ${len}, ${min} and ${max} in, not JavaScript.
import type { Words } from '../validate-messages';

/** Chinese form rule messages; a file per language so the app loads only the one it shows. */
export const WORDS_ZH: Words = {
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
};
