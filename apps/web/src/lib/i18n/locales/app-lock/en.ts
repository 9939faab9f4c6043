/** The app lock: its setting in the security settings, and the screen that covers the app (the `appLock` texts). */
export const appLockEn = {
  settings: {
    title: 'App lock',
    toggle: 'Lock the app',
    description:
      'When you come back to the app after it sat unused, it asks for your payment password or a passkey before showing anything.',
    after: 'Lock after',
    immediately: 'Every time',
    oneMinute: '1 min',
    fiveMinutes: '5 min',
    fifteenMinutes: '15 min',
    turnedOn: 'App lock is on',
    turnedOff: 'App lock is off',
    changed: 'Saved',
    loadError: 'Could not load your app lock setting',
  },
  screen: {
    title: 'SBC Wallet is locked',
    intro: 'Enter your payment password to open the app.',
    paymentPassword: 'Payment password',
    unlock: 'Unlock',
    passkey: 'Unlock with a passkey',
    passkeyCancelled: 'No passkey was used. Try again, or enter your payment password.',
    forgot: 'Forgot your payment password? Sign out',
  },
};
