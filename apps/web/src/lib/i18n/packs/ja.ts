import catalogue from 'virtual:first-catalogue/ja';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import type { LanguagePack } from '../pack';

export const pack: LanguagePack = { catalogue, antd: jaJP };
