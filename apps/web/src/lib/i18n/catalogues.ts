import type { Language } from '@wallet/contract';
import { type Catalogue, en } from './locales/en';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { zh } from './locales/zh';

/** Every catalogue at once, for tests that compare languages; the app loads one language's pack at a time (packs.ts). */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, zh, ko, ja };
