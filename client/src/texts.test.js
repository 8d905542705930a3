import { describe, expect, it } from 'vitest';
import * as texts from './texts';

// SPEC.md §8 word for word (its spelling too): a text changed in texts.js fails here.
const SPEC_TEXTS = {
  SOMETHING_WENT_WRONG: 'Something went wrong',
  CATEGORY_CREATE_ERROR: 'Something went wrong in input form',
  CATEGORY_LIST_ERROR: 'Something went wrong in getting category',
  ADMIN_PRODUCT_LIST_ERROR: 'Something Went Wrong',
  ERROR_LOADING_PRODUCTS: 'Error loading products',
  BAD_CARD_DETAILS: 'Please fill in the correct details',
  ORDERS_FETCH_ERROR: 'Something went wrong while fetching orders',
  ORDER_STATUS_ERROR: 'Something went wrong while updating order status',
  CATEGORY_DELETED: 'Category is deleted',
  PRODUCT_CREATED: 'Product created successfully',
  PRODUCT_UPDATED: 'Product Updated Successfully',
  PRODUCT_DELETED: 'Product DEleted Succfully',
  ITEM_ADDED: 'Item Added to cart',
  PAYMENT_DONE: 'Payment Completed Successfully',
  PROFILE_UPDATED: 'Profile Updated Successfully',
  LOGOUT_SUCCESS: 'LOG-OUT SUCCESSFULLY',
  LOADING_TEXT: 'please wait...',
  LOGIN_TO_CHECKOUT: 'Please Login to Checkout',
  NO_PRODUCTS: 'No Products Found',
};

describe('the fixed texts', () => {
  it.each(Object.entries(SPEC_TEXTS))('%s reads as SPEC words it', (name, text) => {
    expect(texts[name]).toBe(text);
  });

  it('names a category in its created and updated toasts', () => {
    expect(texts.categoryCreatedText('Hats')).toBe('Hats is created');
    expect(texts.categoryUpdatedText('Hats')).toBe('Hats is updated');
  });

  it('counts search results as SPEC does', () => {
    expect(texts.foundText(2)).toBe('Found 2 product(s)');
  });

  it('cuts a description preview by whole characters, never inside an emoji', () => {
    const text = `${'a'.repeat(29)}👕 cotton`;
    expect(texts.preview(text, 30)).toBe(`${'a'.repeat(29)}👕`);
    expect(texts.preview('👕👖🧥', 2)).toBe('👕👖');
    expect(texts.preview(`${'b'.repeat(49)}🇮🇳 flag`, 50)).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
  });

  it('cuts a plain text preview at SPEC\'s 60, 50 and 30 characters, as before', () => {
    const text = 'A soft cotton shirt with long sleeves, two pockets and a relaxed fit for every day.';
    for (const n of [60, 50, 30]) expect(texts.preview(text, n)).toBe(text.substring(0, n));
    expect(texts.preview('short', 60)).toBe('short');
    expect(texts.preview(undefined, 60)).toBe('');
    expect(texts.preview(text)).toBe(text);
  });
});
