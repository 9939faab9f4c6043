/** A physical card's shipping form (PRODUCT_SPEC.md section 3); no imports, so browser tests can use it too. */
export const SHIPPING = {
  recipient: 'Bob Chan',
  phoneAreaCode: '+852',
  phone: '61234567',
  postalCode: '999077',
  country: 'Hong Kong',
  province: 'Hong Kong Island',
  city: 'Hong Kong',
  district: 'Central',
  address: '1 Queen Road Central',
  pickup: 'mail',
};
