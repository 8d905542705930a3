/** initials is the first letter of each word of name, upper-cased ("ada love" -> "AL"). */
export default function initials(name) {
  return String(name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase())
    .join('');
}

// The avatar is a 32 px circle: a line of small capitals fits in about 29 px across its middle.
// A bold capital is about 0.78 em wide on average (measured in Chromium: "MALS" at 9 px takes
// 28 px); wider letters (M, W) may spill a little, and the circle clips them.
const AVATAR_TEXT_WIDTH = 29;
const CAPITAL_WIDTH_EM = 0.78;
const AVATAR_FONT_PX = 14;
const SMALLEST_FONT_PX = 5;

/**
 * avatarFontSize is the font size (px) that fits `letters` initials in the avatar: 14 px for
 * one or two, smaller for three or more ("Mary Ann Lee Smith" -> "MALS" at 9 px).
 */
export function avatarFontSize(letters) {
  const fits = Math.floor(AVATAR_TEXT_WIDTH / (CAPITAL_WIDTH_EM * Math.max(letters, 1)));
  return Math.max(SMALLEST_FONT_PX, Math.min(AVATAR_FONT_PX, fits));
}
