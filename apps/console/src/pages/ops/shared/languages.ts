import type { Language } from '@wallet/contract';

/**
 * The member app's languages in the order the editors show them: the console's own two first, as an
 * article is named by the text an operator here most likely reads.
 */
export const EDIT_LANGUAGES: readonly Language[] = ['en', 'zh', 'ko', 'ja'];
