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

export type IssueTexts = {
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

function typeText(issue: IssueLike, t: IssueTexts): string {
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

function smallText(issue: IssueLike, t: IssueTexts): string {
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

function bigText(issue: IssueLike, t: IssueTexts): string {
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

function formatText(issue: IssueLike, t: IssueTexts): string {
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
function multipleText(issue: IssueLike, t: IssueTexts): string {
  const divisor = limit(issue.divisor);
  const places = /^0\.(0*)1$/.exec(divisor);
  if (places) return t.decimals(String((places[1]?.length ?? 0) + 1));
  return t.multipleOf(divisor);
}

/** The sentence for one zod issue from one language's texts: the web app loads only the language it shows. */
export function issueTextWith(issue: IssueLike, t: IssueTexts): string {
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
