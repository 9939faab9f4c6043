import catalogue from 'virtual:first-catalogue/ko';
import koKR from 'antd-mobile/es/locales/ko-KR';
import type { LanguagePack } from '../pack';

export const pack: LanguagePack = { catalogue, antd: koKR };
