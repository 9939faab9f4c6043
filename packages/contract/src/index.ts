export * from './amount';
export * from './api/system';
export * from './currencies';
export * from './errors';
export * from './languages';
export * from './ledger-types';
export * from './limits';
export * from './networks';
