/**
 * OrdersBanner is the drawn banner above the shopper's orders (no downloaded image). It only
 * decorates, so screen readers skip it: "Orders banner, image" told them nothing.
 */
export default function OrdersBanner() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 1200 200"
      preserveAspectRatio="xMidYMid slice"
      style={{ width: '100%', height: 160, display: 'block' }}
    >
      <defs>
        <linearGradient id="orders-banner-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#1f2937" />
          <stop offset="100%" stopColor="#6b21a8" />
        </linearGradient>
      </defs>
      <rect width="1200" height="200" fill="url(#orders-banner-bg)" />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.25" strokeWidth="6">
        <path d="M880 60 l40 -30 h60 l40 30 l-25 30 l-15 -10 v90 h-100 v-90 l-15 10 z" />
        <path d="M1040 70 h90 l10 120 h-110 z" />
        <path d="M1060 70 a25 25 0 0 1 50 0" />
      </g>
    </svg>
  );
}
