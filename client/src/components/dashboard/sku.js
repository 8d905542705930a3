// The SKUs Generate makes for new rows, in a form the server takes: the product's name and the
// row's values as capitals, digits and dashes ("Linen Tee", XL, Navy: LINEN-TEE-XL-NAVY), at
// most 64 characters, and none twice in one product. Accents are folded ("Ça va Tee":
// CA-VA-TEE); text whose letters have no such form (a Hindi name, a colour in Devanagari)
// gets a short code made of it, so two such products or values do not come out alike, and
// the same text gives the same code each time.

/** MAX_SKU_LENGTH is the server's limit on a SKU, in characters (MaxSKULength, api/variant.go). */
export const MAX_SKU_LENGTH = 64;

/** skuLength counts a SKU as the server does: in characters, not UTF-16 units. */
export const skuLength = (sku) => [...sku.trim()].length;

// A name cut to fit keeps this many characters to tell the product by, before values are cut.
const NAME_KEPT = 8;
const CODE_LENGTH = 6;

/** codeOf is a short code of `text` (its FNV-1a hash in base 36): the same text, the same code. */
export function codeOf(text) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0).toString(36).toUpperCase().padStart(CODE_LENGTH, '0').slice(-CODE_LENGTH);
}

/** A code for a product without a name yet: nothing of the product to make one of. */
const draftCode = () => codeOf(`${Date.now()} ${Math.random()}`);

const trimDashes = (text) => text.replace(/^-+|-+$/g, '');

/**
 * part is one piece of a SKU: `text`, the folded letters and digits of it, and `code`, a code
 * of it when folding lost letters or digits of it or left nothing.
 */
function part(raw) {
  const text = raw.normalize('NFC').trim();
  // NFKD splits an accent from its letter (and reads a full-width Ａ as A); the marks go.
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
  const lost = /[\p{L}\p{N}]/u.test(folded.replace(/[A-Z0-9]/g, ''));
  const kept = trimDashes(folded.replace(/[^A-Z0-9]+/g, '-'));
  return { text: kept, code: lost || !kept ? codeOf(text) : '' };
}

const joined = (parts) => parts.map((p) => [p.text, p.code].filter(Boolean).join('-')).join('-');
const cut = (p, length) => {
  p.text = trimDashes(p.text.slice(0, Math.max(0, length)));
};

/**
 * fit shortens the parts' text (never their codes) until the SKU is at most 64 characters:
 * the name first, down to a few characters, then the longest value, and the name last of all.
 */
function fit(given) {
  const parts = given.map((p) => ({ ...p }));
  const [name, ...values] = parts;
  const over = () => joined(parts).length - MAX_SKU_LENGTH;
  while (over() > 0) {
    const longest = values.reduce((a, p) => (p.text.length > a.text.length ? p : a), { text: '' });
    if (name.text.length > NAME_KEPT) cut(name, Math.max(NAME_KEPT, name.text.length - over()));
    else if (longest.text) cut(longest, longest.text.length - 1);
    else cut(name, name.text.length - over());
  }
  return joined(parts);
}

/**
 * skuMaker answers the maker of new rows' SKUs for a product named `name`: given a row's
 * values in option order, it answers the name's part and theirs. A product not named yet gets
 * a code of its own, the same for every row of one Generate.
 */
export function skuMaker(name) {
  const first = name.trim() ? part(name) : { text: '', code: draftCode() };
  return (values) => fit([first, ...values.map(part)]);
}

/** uniqueSku is `sku`, or it with -2, -3... when `taken` has it (still at most 64 characters). */
export function uniqueSku(sku, taken) {
  let candidate = sku;
  for (let n = 2; taken.has(candidate); n += 1) {
    const tail = `-${n}`;
    candidate = trimDashes(sku.slice(0, MAX_SKU_LENGTH - tail.length)) + tail;
  }
  return candidate;
}
