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
// Letters stay at 12 px, where a phone still shows them: four initials widen the avatar into a
// pill as wide as they are (.account-menu__avatar--pill) rather than shrinking out of sight. A
// wider pill would push the brand out of a landscape phone's header, where the search box shares
// the row, so five or more (rare) take smaller letters in a four-letter pill.
const AVATAR_TEXT_WIDTH = 29;
const CAPITAL_WIDTH_EM = 0.78;
const AVATAR_FONT_PX = 14;
const SMALLEST_FONT_PX = 12;
const MOST_AT_SMALLEST = 4;

/**
 * avatarStyle is the font size (px) of `letters` initials and whether they take a pill: 14 px
 * in the circle for one or two, 12 px for three, a pill for four ("Mary Ann Lee Smith" ->
 * "MALS" at 12 px) and more.
 */
export function avatarStyle(letters) {
  const n = Math.max(letters, 1);
  const room = Math.max(AVATAR_TEXT_WIDTH, Math.ceil(Math.min(n, MOST_AT_SMALLEST) * CAPITAL_WIDTH_EM * SMALLEST_FONT_PX));
  return {
    fontSize: Math.min(AVATAR_FONT_PX, Math.floor(room / (CAPITAL_WIDTH_EM * n))),
    pill: room > AVATAR_TEXT_WIDTH,
  };
}
