// Testing Library's text queries read an element's own text only: a line whose user text sits
// in a bdi ("Category: <bdi>Shirts</bdi>", so right-to-left words keep their order) is found
// by the whole of its text with wholeText.

const matches = (text, wanted) => (typeof wanted === 'string' ? text === wanted : wanted.test(text));

/**
 * wholeText is a text matcher for the innermost element whose text, its children's included, is
 * `wanted` (a string, or a RegExp it matches): screen.getByText(wholeText('Category: Shirts')).
 */
export const wholeText = (wanted) => (_, element) =>
  matches(element.textContent, wanted) && ![...element.children].some((child) => matches(child.textContent, wanted));
