import type { opsEn } from './ops-en';
import type { Texts } from './texts';

/** The operations pages' Chinese texts (helper D2's file): the same keys as ops-en.ts. */
export const opsZh: Texts<typeof opsEn> = {};
