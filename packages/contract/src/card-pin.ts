/** A card PIN: 6 digits (LIMITS-free: the issuer fixes the length). */
export const CARD_PIN_LENGTH = 6;

/**
 * PINs anyone would try first on a found card: one digit repeated (000000, 777777) or a straight run
 * up or down (123456, 987654, 012345). The server refuses them (CARD_PIN_TOO_SIMPLE) and the app says
 * so before asking for the payment password.
 */
export function isTrivialPin(pin: string): boolean {
  if (!/^\d+$/.test(pin) || pin.length < 2) return false;
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add((Number(pin[i]) - Number(pin[i - 1]) + 10) % 10);
  // 0: repeated; 1: ascending (9 then 0 counts as the run going on); 9: descending.
  return steps.size === 1 && [0, 1, 9].includes([...steps][0] as number);
}
