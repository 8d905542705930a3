/** initials is the first letter of each word of name, upper-cased ("ada love" -> "AL"). */
export default function initials(name) {
  return String(name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase())
    .join('');
}
