import { type ConsoleRoundBody, Decimal, totalOf } from '@wallet/contract';
import { AppError } from '../../platform/errors';

/** A round as an operator asks for it, checked and normalized; every refusal is PLACEMENT_ROUND_INVALID naming its field. */
export interface RoundTerms {
  name: ConsoleRoundBody['name'];
  rules: ConsoleRoundBody['rules'];
  tiers: { quantity: string; price: string }[];
  totalQuantity: string;
  minPerMember: string;
  maxPerMember: string;
  startsAt: Date;
  endsAt: Date;
  kycRequired: boolean;
}

const WHOLE = /^[1-9]\d{0,11}$/;
// At most 6 decimals: USDT's precision in the ledger, so every tier's amount is exact.
const PRICE = /^\d{1,12}(\.\d{1,6})?$/;
const LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;

const invalid = (field: string) => new AppError('PLACEMENT_ROUND_INVALID', { field });

export function roundTerms(body: ConsoleRoundBody, now: Date): RoundTerms {
  for (const language of LANGUAGES) if (body.name[language].trim() === '') throw invalid(`name.${language}`);
  const tiers = body.tiers.map((tier, index) => {
    if (!WHOLE.test(tier.quantity)) throw invalid(`tiers.${index}.quantity`);
    if (!PRICE.test(tier.price) || new Decimal(tier.price).lte(0)) throw invalid(`tiers.${index}.price`);
    return { quantity: new Decimal(tier.quantity).toFixed(), price: new Decimal(tier.price).toFixed() };
  });
  const total = totalOf(tiers);
  if (!WHOLE.test(body.minPerMember)) throw invalid('minPerMember');
  if (!WHOLE.test(body.maxPerMember) || new Decimal(body.maxPerMember).lt(body.minPerMember)) throw invalid('maxPerMember');
  if (new Decimal(body.maxPerMember).gt(total)) throw invalid('maxPerMember');
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt <= startsAt || endsAt <= now) throw invalid('endsAt');
  return {
    name: trimmed(body.name),
    rules: trimmed(body.rules),
    tiers,
    totalQuantity: total,
    minPerMember: new Decimal(body.minPerMember).toFixed(),
    maxPerMember: new Decimal(body.maxPerMember).toFixed(),
    startsAt,
    endsAt,
    kycRequired: body.kycRequired,
  };
}

const trimmed = (text: Record<(typeof LANGUAGES)[number], string>) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, text[language].trim()])) as Record<(typeof LANGUAGES)[number], string>;
