// Home carousel: 3 banners, advancing every 5000 ms until paused, with previous/next buttons,
// a pause button and dots. For a visitor who asks for less motion (prefers-reduced-motion) it
// starts paused, and slides without the glide (index.css): Play starts it, as they choose.
// Keyboard focus coming into it pauses it too (WAI-ARIA's carousel pattern): a slide moving on
// while someone tabs through its buttons takes their place away; Play starts it again, and it
// plays on as they tab within it. A mouse click on its buttons leaves it playing.
import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../rules';

export const banners = [
  { src: '/banner-1.svg', alt: 'New season arrivals' },
  { src: '/banner-2.svg', alt: 'Denim week: up to 30% off jeans and jackets' },
  { src: '/banner-3.svg', alt: 'Free shipping on every order' },
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** fromKeyboard reports whether the browser shows el's focus ring: focus that came by keyboard. */
function fromKeyboard(el) {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false; // a browser without :focus-visible keeps the slides going
  }
}

export default function BannerCarousel() {
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(() => !window.matchMedia?.(REDUCED_MOTION).matches);
  const count = banners.length;

  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => setActive((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, playing]);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Highlights"
      onFocus={(e) => !e.currentTarget.contains(e.relatedTarget) && fromKeyboard(e.target) && setPlaying(false)}>
      <div className="carousel__track" style={{ transform: `translateX(-${active * 100}%)` }}>
        {banners.map((b, i) => (
          <div key={b.src} className="carousel__slide" role="group" aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`} aria-hidden={i !== active}>
            <img src={b.src} alt={b.alt} width="1200" height="400" fetchPriority={i === 0 ? 'high' : undefined} />
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button type="button" className="carousel__button" aria-label="Previous slide"
          onClick={() => setActive((i) => (i + count - 1) % count)}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel__button" aria-label={playing ? 'Pause slides' : 'Play slides'}
          onClick={() => setPlaying((p) => !p)}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        {banners.map((b, i) => (
          <button key={b.src} type="button" aria-label={`Show slide ${i + 1}`} aria-current={i === active}
            className={`carousel__dot${i === active ? ' is-active' : ''}`} onClick={() => setActive(i)} />
        ))}
        <button type="button" className="carousel__button" aria-label="Next slide"
          onClick={() => setActive((i) => (i + 1) % count)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
