/** A cloud with a slash: "could not fetch". antd-mobile-icons has no such glyph. */
export function CloudOffIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M15 36h20a8 8 0 0 0 2.4-15.6A12 12 0 0 0 16.2 16" />
      <path d="M11.5 20.3A8 8 0 0 0 15 36" />
      <path d="M8 8l32 32" />
    </svg>
  );
}
