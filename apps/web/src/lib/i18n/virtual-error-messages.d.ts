/** Made at build time by build/contract-texts.ts: the contract's error messages in one language. */
declare module 'virtual:error-messages/*' {
  const messages: Readonly<Record<import('@wallet/contract').ErrorCode, string>>;
  export default messages;
}

/** Made at build time by build/contract-texts.ts: a contract schema compiled by Ajv into a check. */
declare module 'virtual:json-schema/*' {
  const check: import('../json-check').CompiledCheck;
  export default check;
}

/** Made at build time by build/contract-texts.ts: one constant of the contract, without the module around it. */
declare module 'virtual:contract-value/CSRF_HEADER' {
  const value: typeof import('@wallet/contract').CSRF_HEADER;
  export default value;
}
declare module 'virtual:contract-value/SESSION_DELIVERY_HEADER' {
  const value: typeof import('@wallet/contract').SESSION_DELIVERY_HEADER;
  export default value;
}

/** Made at build time by build/first-catalogue.ts: the first screen's sections of one language's catalogue. */
declare module 'virtual:first-catalogue/*' {
  const catalogue: import('./pack').FirstCatalogue;
  export default catalogue;
}
