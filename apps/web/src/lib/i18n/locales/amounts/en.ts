/** Money results that name every part of what moved (the `amounts` texts). */
export const amountsEn = {
  /** What a withdrawal holds: the amount to send and its fee, both taken from the balance at once. */
  withdrawOnHold:
    '{{total}} USDT is on hold: {{amount}} USDT to send plus the {{fee}} USDT network fee. It waits for review; follow its progress in your withdrawal orders.',
};
