import { z } from 'zod';
import { CURRENCY_CODES, type Currency } from './currencies';
import { NETWORK_CODES, type Network } from './networks';

// Apart from currencies.ts and networks.ts, which are plain data: a client that only shows amounts
// (the web app's first screen) can read those without loading zod.
export const currencySchema = z.enum(CURRENCY_CODES as [Currency, ...Currency[]]);
export const networkSchema = z.enum(NETWORK_CODES as [Network, ...Network[]]);
