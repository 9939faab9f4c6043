import type { Currency, Network } from '@wallet/contract';

/**
 * The source catalogue. Other languages are typed against it (Catalogue), so a missing or extra
 * key is a compile error; catalogues.test.ts also rejects empty texts and mismatched placeholders.
 */
export const en = {
  app: {
    name: 'SBC Wallet',
  },
  tabs: {
    home: 'Home',
    wallet: 'Card pack',
    account: 'Account',
  },
  common: {
    retry: 'Retry',
    loading: 'Loading…',
    back: 'Back',
  },
  errors: {
    network: 'Cannot reach the server. Check your connection and try again.',
    timeout: 'The server took too long to respond. Please try again.',
    badReply: 'The server sent a reply we could not read.',
    unexpected: 'Something went wrong. Please try again.',
  },
  routeError: {
    title: 'This page failed to load',
    description: 'Check your connection, then tap Retry.',
  },
  notFound: {
    title: 'Page not found',
    description: 'This page does not exist or may have moved.',
    home: 'Back to home',
  },
  home: {
    hero: {
      tagline: 'Hold your crypto and spend it with Visa-style cards accepted in over 188 countries.',
    },
    assets: {
      title: 'Supported assets',
      decimals: 'Decimals: {{digits}}',
    },
    networks: {
      title: 'Networks',
      assets: 'Assets: {{assets}}',
      bindable: 'Address binding',
    },
    loadError: 'Could not load assets and networks',
  },
  kind: {
    crypto: 'Crypto',
    fiat: 'Fiat',
    token: 'Token',
  },
  currency: {
    USDT: 'Tether USD',
    USD: 'US Dollar',
    HKD: 'Hong Kong Dollar',
    CNY: 'Chinese Yuan',
    JPY: 'Japanese Yen',
    KRW: 'South Korean Won',
    EUR: 'Euro',
    SBC: 'SBC Token',
    ABI: 'ABI Token',
    BTC: 'Bitcoin',
    ETH: 'Ethereum',
  } satisfies Record<Currency, string>,
  network: {
    TRON: 'TRON',
    BSC: 'BNB Smart Chain',
    ETH: 'Ethereum',
    BTC: 'Bitcoin',
  } satisfies Record<Network, string>,
  wallet: {
    empty: {
      title: 'No cards yet',
      description: 'Cards let you spend your wallet balance wherever Visa-style cards are accepted.',
      virtualTitle: 'Virtual card',
      virtualText: 'Opens within {{minutes}} minutes and works for online payments straight away.',
      physicalTitle: 'Physical card',
      physicalText: 'Posted to you after identity verification, for paying in shops.',
    },
  },
  account: {
    language: 'Language',
    about: {
      title: 'About',
      version: 'App version',
      docs: 'API documentation',
    },
    server: {
      title: 'Server status',
      checkAgain: 'Check again',
      status: 'Server',
      ready: 'Ready',
      notReady: 'Not ready',
      unreachable: 'Unreachable',
      database: 'Database',
      migrations: 'Migrations',
    },
    checks: {
      ok: 'OK',
      unreachable: 'Unreachable',
      pending: 'Pending',
      unknown: 'Unknown',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every catalogue must have: the keys of en, each a string. */
export type Catalogue = DeepStrings<typeof en>;
