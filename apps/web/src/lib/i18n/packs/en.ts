import catalogue from 'virtual:first-catalogue/en';
import enUS from 'antd-mobile/es/locales/en-US';
import type { LanguagePack } from '../pack';

export const pack: LanguagePack = { catalogue, antd: enUS };
