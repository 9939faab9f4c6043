/** The brand mark: a card over a coin, drawn inline so it needs no request. Same drawing as public/icon.svg. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0a1f3c" />
      <circle cx="42" cy="24" r="12" fill="#14a098" />
      <circle cx="42" cy="24" r="7.5" fill="none" stroke="#e1f3f1" strokeWidth="2" />
      <rect x="12" y="30" width="34" height="22" rx="4" fill="#ffffff" />
      <rect x="12" y="35" width="34" height="4" fill="#0f7f77" />
      <rect x="16" y="44" width="10" height="3" rx="1.5" fill="#e3b65c" />
    </svg>
  );
}
