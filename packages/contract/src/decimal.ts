import DecimalJs from 'decimal.js';

/**
 * The one decimal type of the app (DESIGN.md section 3). decimal.js rounds every result to 20
 * significant digits by default, which silently cut 18-decimal ETH amounts once a balance passed
 * about 100 ETH. 64 digits hold an 18-decimal amount in the trillions and the product of two of them
 * with room to spare; every module imports this clone, never decimal.js itself (a lint rule holds it).
 */
export const Decimal = DecimalJs.clone({ precision: 64, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -64, toExpPos: 64 });
export type Decimal = DecimalJs;
