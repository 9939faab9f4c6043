// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rc-field-form fills ${len}, ${min} and ${max} in, not JavaScript.
import type { Words } from '../validate-messages';

/** Korean form rule messages; a file per language so the app loads only the one it shows. */
export const WORDS_KO: Words = {
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
};
