import catalogue from 'virtual:first-catalogue/zh';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { LanguagePack } from '../pack';

export const pack: LanguagePack = { catalogue, antd: zhCN };
