import { describe, expect, it } from 'vitest';
import { EMPTY_VARIANTS, decimalComma, generate, rowsProblem, shopRow, withOptions } from './variantRows';
import { MAX_SKU_LENGTH } from './sku';

/** rowsOf generates the rows of a product named `name` with options typed as [name, values]. */
const rowsOf = (name, ...options) =>
  generate(withOptions(EMPTY_VARIANTS, options.map(([n, values]) => ({ name: n, values, was: null }))), name);

const skus = (state) => state.variants.map((row) => row.sku);

// What the server takes as a SKU, and what the generated ones look like: capitals and digits
// in dash-separated parts, never a dash at either end.
const SKU_SHAPE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

describe('generated SKUs', () => {
  it('make plain names and values as before: the name, then each value, in capitals', () => {
    expect(skus(rowsOf('Linen Tee', ['Size', 'S, XL'], ['Colour', 'Navy'])))
      .toEqual(['LINEN-TEE-S-NAVY', 'LINEN-TEE-XL-NAVY']);
    expect(skus(rowsOf('Wool Socks', ['Size', 'S, M']))).toEqual(['WOOL-SOCKS-S', 'WOOL-SOCKS-M']);
  });

  it('fold accents rather than drop the letters', () => {
    expect(skus(rowsOf('Ça va Tee', ['Size', 'XS']))).toEqual(['CA-VA-TEE-XS']);
    expect(skus(rowsOf('Crème Brûlée Knit', ['Colour', 'Écru']))).toEqual(['CREME-BRULEE-KNIT-ECRU']);
  });

  // Only A-Z0-9 were kept: every product named in Hindi made SKU-FREE, and the second one's
  // save was refused (409) for a SKU another product had.
  it('give two products named in another script SKUs of their own, the same each time', () => {
    const [kurta] = skus(rowsOf('कुर्ता सेट', ['Size', 'Free']));
    const [saree] = skus(rowsOf('बनारसी साड़ी', ['Size', 'Free']));
    expect(kurta).toMatch(SKU_SHAPE);
    expect(kurta).toMatch(/-FREE$/);
    expect(kurta).not.toBe('SKU-FREE');
    expect(saree).not.toBe(kurta);
    expect(skus(rowsOf('कुर्ता सेट', ['Size', 'Free']))).toEqual([kurta]);
  });

  it('give a name half in another script a code of it, so it does not read as the other half alone', () => {
    const [mixed] = skus(rowsOf('Kurta Set कुर्ता', ['Size', 'M']));
    expect(mixed).toMatch(/^KURTA-SET-[A-Z0-9]+-M$/);
    expect(skus(rowsOf('Kurta Set पजामा', ['Size', 'M']))).not.toEqual([mixed]);
  });

  // "KURTA-SET-M-" twice: the server refused the repeat, and a SKU ending in a dash.
  it('give values in another script codes of their own: no SKU twice, none ending in a dash', () => {
    const rows = skus(rowsOf('Kurta Set', ['Size', 'M, L'], ['Colour', 'लाल, नीला, हरा']));
    expect(rows).toHaveLength(6);
    expect(new Set(rows).size).toBe(6);
    for (const sku of rows) expect(sku).toMatch(SKU_SHAPE);
    expect(rows[0]).toMatch(/^KURTA-SET-M-[A-Z0-9]+$/);
  });

  it('make a value of signs alone a code, not an empty part', () => {
    const rows = skus(rowsOf('Tee', ['Print', '★, ♥']));
    expect(new Set(rows).size).toBe(2);
    for (const sku of rows) expect(sku).toMatch(SKU_SHAPE);
  });

  it('tell apart values that read alike as a SKU', () => {
    expect(skus(rowsOf('Tee', ['Colour', 'Navy Blue, Navy-Blue, navy blue']))).toEqual(
      ['TEE-NAVY-BLUE', 'TEE-NAVY-BLUE-2', 'TEE-NAVY-BLUE-3']);
  });

  it('take none a kept row has: a row keeps its SKU, a new one takes another', () => {
    const saved = {
      ...rowsOf('Tee', ['Size', 'M']),
      variants: [shopRow({ _id: 'v1', sku: 'TEE-L', options: { Size: 'M' }, quantity: 3 })],
    };
    const sizes = [{ name: 'Size', values: 'M, L', was: { name: 'Size', values: ['M'] } }];
    const state = generate(withOptions(saved, sizes), 'Tee');
    expect(skus(state)).toEqual(['TEE-L', 'TEE-L-2']);
  });

  it('keep to the server\'s 64 characters, the name shortened first, and stay apart', () => {
    const name = 'The Extraordinarily Comfortable Organic Cotton Everyday Crew Neck Tee';
    const [short] = skus(rowsOf(name, ['Size', 'XL']));
    expect(short).toBe('THE-EXTRAORDINARILY-COMFORTABLE-ORGANIC-COTTON-EVERYDAY-CREW-XL');
    expect(short.length).toBeLessThanOrEqual(MAX_SKU_LENGTH);

    const long = (letter) => `${letter} ${'Extra Long Value Name '.repeat(2)}`.slice(0, 40);
    const options = [['Size', `${long('A')}, ${long('B')}`], ['Colour', long('C')], ['Fit', long('D')]];
    const rows = skus(rowsOf(name, ...options));
    expect(new Set(rows).size).toBe(2);
    for (const sku of rows) {
      expect(sku.length).toBeLessThanOrEqual(MAX_SKU_LENGTH);
      expect(sku).toMatch(SKU_SHAPE);
      expect(sku).toMatch(/^THE-EXTR/);
    }
  });

  it('give a product not named yet a code rather than SKU, the same for all rows of a Generate', () => {
    const first = skus(rowsOf('', ['Size', 'S, M']));
    const second = skus(rowsOf('  ', ['Size', 'S, M']));
    for (const sku of [...first, ...second]) expect(sku).toMatch(/^[A-Z0-9]{6}-[SM]$/);
    expect(first[0].slice(0, 6)).toBe(first[1].slice(0, 6));
    expect(second[0]).not.toBe(first[0]);
  });
});

describe('rowsProblem', () => {
  const withSku = (sku) => {
    const state = rowsOf('Tee', ['Size', 'S, M'], ['Colour', 'Navy']);
    return { ...state, variants: state.variants.map((row, i) => (i === 1 ? { ...row, sku } : row)) };
  };

  // The server refused it naming variants[1], which the editor does not show.
  it('refuses a SKU longer than the server takes, naming the row as the editor shows it', () => {
    expect(rowsProblem(withSku('M'.repeat(65)))).toBe('Shorten the SKU of M / Navy to 64 characters or fewer.');
  });

  it('takes a SKU of 64 characters, counting characters as the server does', () => {
    expect(rowsProblem(withSku('M'.repeat(64)))).toBe('');
    expect(rowsProblem(withSku(`  ${'M'.repeat(64)}  `))).toBe('');
    expect(rowsProblem(withSku('👕'.repeat(40)))).toBe('');
  });
});

describe('a decimal typed with a comma', () => {
  it('is found as a half size, so a list of sizes typed without spaces is not taken for one', () => {
    expect(decimalComma('EU 42, EU 42,5, EU 43')).toBe('42,5');
    expect(decimalComma('10,5')).toBe('10,5');
    expect(decimalComma('28,30')).toBeUndefined();
    expect(decimalComma('28,30,32')).toBeUndefined();
    expect(decimalComma('6,7,8')).toBeUndefined();
    expect(decimalComma('40,41,42')).toBeUndefined();
    expect(decimalComma('42,55')).toBeUndefined();
    expect(decimalComma('EU 42, EU 43')).toBeUndefined();
    expect(decimalComma('S,M,L')).toBeUndefined();
  });

  it('keeps the rows from being saved, naming the option', () => {
    const state = withOptions(EMPTY_VARIANTS, [{ name: 'Size', values: 'EU 42, EU 42,5', was: null }]);
    expect(rowsProblem(state)).toMatch(/^Option 1 values: "42,5" would be two values/);
  });
});
