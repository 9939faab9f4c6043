import type enUS from 'antd-mobile/es/locales/en-US';

export type ValidateMessages = (typeof enUS)['Form']['defaultValidateMessages'];

/**
 * What a form field's own `rules` say when they fail, for every antd-mobile Form of the app. The
 * library's defaults glue the label to a template (Korean without its particle) and print the
 * rule's regular expression; these are whole sentences shown under the field, so they name
 * neither the label nor the pattern. Only ${len}, ${min} and ${max} are filled in.
 */
export type Words = {
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

/** antd-mobile's validateMessages from one language's words. */
export function messagesOf(w: Words): ValidateMessages {
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
