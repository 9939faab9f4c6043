import type { Plugin } from 'vite';

const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/;
const NO_DEFAULT = '\0antd-mobile-no-default-locale';

/**
 * antd-mobile's config provider imports its Chinese texts as the default for components drawn outside
 * any ConfigProvider. The app draws none there: its tree and the imperative roots
 * (src/lib/antd-mobile-root-render.tsx) both pass the member's language pack. The default import cost
 * every first screen some 1.3 kB gzipped; the Chinese texts now load with the Chinese pack only. A
 * component drawn outside a provider fails with a sentence saying so rather than showing Chinese.
 */
export function antdMobileDefaultLocalePlugin(): Plugin {
  return {
    name: 'wallet-antd-mobile-default-locale',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../locales/zh-CN' && importer && CONFIG_PROVIDER.test(importer)) return NO_DEFAULT;
      return undefined;
    },
    load(id) {
      if (id !== NO_DEFAULT) return undefined;
      return `export default new Proxy({}, { get(_target, key) { throw new Error('antd-mobile drew ' + String(key) + ' outside the app\\'s ConfigProvider: its texts come from the language pack'); } });`;
    },
  };
}
