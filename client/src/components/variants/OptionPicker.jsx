// One option of a product (Size, Colour) as a radio group: buttons for sizes, swatches for
// colours. Values that cannot be bought with the other choices (sold out, or not made) are
// greyed and cannot be chosen; a screen reader hears "Not available" after their names, which
// stay the plain values.
import { useId } from 'react';
import { isColourOption, swatchColour } from './swatch';

export default function OptionPicker({ option, chosen, available, onChoose }) {
  const colour = isColourOption(option.name);
  const group = `option-${option.name}`;
  const unavailable = useId();
  return (
    <fieldset className="option-picker">
      <span id={unavailable} hidden>
        Not available
      </span>
      <legend>
        <bdi>{option.name}</bdi>
        {chosen && <span className="option-picker__chosen">: <bdi>{chosen}</bdi></span>}
      </legend>
      <div className="option-picker__values">
        {option.values.map((value) => {
          const open = available(value);
          return (
            <label key={value} className={`option-value${colour ? ' option-value--swatch' : ''}`}>
              <input
                type="radio"
                name={group}
                value={value}
                checked={chosen === value}
                disabled={!open}
                aria-describedby={open ? undefined : unavailable}
                onChange={() => onChoose(option.name, value)}
              />
              {colour && <span className="option-value__swatch" style={{ background: swatchColour(value) }} aria-hidden="true" />}
              <span className="option-value__text" dir="auto">{value}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
