// How the sizes editor tells an option renamed, or a value edited in place, from one removed and
// another added, so the rows keep their id, SKU, price and stock through a rename. Each option
// of the editor remembers the name and values its rows were made with (`was`), and each row the
// combination it was made for (`made`): what the admin types since is read against those, never
// keystroke by keystroke, so a name cleared to be typed anew loses nothing.

/**
 * valueRenames maps each value of `before` that lives on in `after` to its value there: a value
 * still there to itself, one edited in place to its new text. Edited in place means at the
 * same place among the values kept: between the same two kept values (or the same end of the
 * list) as many were edited as there were before ("S, M, L" to "S, Medium, L", or to
 * "S, Medium, L, XL": M is now Medium, XL is new). A value left out is not in the map: its
 * rows go. When the kept values were put in another order, only they carry.
 */
export function valueRenames(before, after) {
  const kept = new Set(before.filter((v) => after.includes(v)));
  const renames = new Map([...kept].map((v) => [v, v]));
  const order = (list) => list.filter((v) => kept.has(v)).join('\u0000');
  if (order(before) !== order(after)) return renames;
  // The runs of values between two kept ones: the nth run of `after` stands where the nth of
  // `before` stood.
  const runs = (list) => list.reduce((all, v) => (kept.has(v) ? [...all, []] : [...all.slice(0, -1), [...all.at(-1), v]]), [[]]);
  const now = runs(after);
  runs(before).forEach((run, i) => {
    if (run.length === now[i].length) run.forEach((v, k) => renames.set(v, now[i][k]));
  });
  return renames;
}

/**
 * choiceCarrier reads rows against `options` (`[{name, values, was}]`, names trimmed, values
 * split): it answers carry(row), the combination the row made for `row.made` stands for now,
 * its values under the options' names now, renamed values as renamed; or null when the row
 * stands for no combination of them: an option was added or removed since, a value of the
 * row's left out, or the options have no names of their own to key it by.
 */
export function choiceCarrier(options) {
  const names = new Set(options.map((o) => o.name.toLowerCase()));
  const named = names.size === options.length && !names.has('');
  const renames = options.map((o) => (o.was ? valueRenames(o.was.values, o.values) : null));
  return (row) => {
    if (!named || Object.keys(row.made).length !== options.length) return null;
    const choice = {};
    for (const [i, o] of options.entries()) {
      const value = o.was ? renames[i].get(row.made[o.was.name]) : undefined;
      if (value === undefined) return null;
      choice[o.name] = value;
    }
    return choice;
  };
}
