/** initials is the first letter of each word of name, upper-cased ("ada love" -> "AL"). */
export default function initials(name) {
  return String(name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase())
    .join('');
}

// The avatar is a 32 px circle: a line of capitals fits in about 29 px across its middle. A bold
// capital is about 0.78 em wide on average (measured in Chromium: "MALS" at 9 px takes 28 px).
// Letters stay at 12 px, where a phone still shows them: four or five initials widen the avatar
// into a pill rather than shrinking out of sight. A pill wider than five letters would push the
// brand out of a 320 px header, so six or more (rare) take smaller letters in that pill.
const AVATAR_PX = 32;
const AVATAR_TEXT_WIDTH = 29;
const CAPITAL_WIDTH_EM = 0.78;
const AVATAR_FONT_PX = 14;
const SMALLEST_FONT_PX = 12;
const MOST_AT_SMALLEST = 5;
const PILL_PADDING_PX = 10; // both sides together

/**
 * avatarStyle is the font size and the width (px) of an avatar holding `letters` initials: 14 px
 * letters in the circle for one or two, 12 px for three, a pill for more ("Mary Ann Lee Smith"
 * -> "MALS" at 12 px, 48 px wide).
 */
export function avatarStyle(letters) {
  const n = Math.max(letters, 1);
  const room = Math.max(AVATAR_TEXT_WIDTH, Math.ceil(Math.min(n, MOST_AT_SMALLEST) * CAPITAL_WIDTH_EM * SMALLEST_FONT_PX));
  const fontSize = Math.min(AVATAR_FONT_PX, Math.floor(room / (CAPITAL_WIDTH_EM * n)));
  return { fontSize, width: room <= AVATAR_TEXT_WIDTH ? AVATAR_PX : room + PILL_PADDING_PX };
}
