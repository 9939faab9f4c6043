// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rc-field-form fills ${len}, ${min} and ${max} in, not JavaScript.
import type { Words } from '../validate-messages';

/** English form rule messages; a file per language so the app loads only the one it shows. */
export const WORDS_EN: Words = {
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
};
