// Home carousel: 3 banners, advancing every 5000 ms, with previous/next buttons and dots.
import { useEffect, useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

export const CAROUSEL_INTERVAL_MS = 5000;

export const banners = [
  { src: '/banner-1.svg', alt: 'New season arrivals' },
  { src: '/banner-2.svg', alt: 'Denim week: up to 30% off jeans and jackets' },
  { src: '/banner-3.svg', alt: 'Free shipping on every order' },
];

export default function BannerCarousel() {
  const [active, setActive] = useState(0);
  const count = banners.length;

  useEffect(() => {
    const timer = setInterval(() => setActive((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Highlights">
      <div className="carousel__track" style={{ transform: `translateX(-${active * 100}%)` }}>
        {banners.map((b, i) => (
          <div
            key={b.src}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== active}
          >
            <img src={b.src} alt={b.alt} />
          </div>
        ))}
      </div>
      <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="Previous slide"
        onClick={() => setActive((i) => (i + count - 1) % count)}>
        <LeftOutlined aria-hidden="true" />
      </button>
      <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="Next slide"
        onClick={() => setActive((i) => (i + 1) % count)}>
        <RightOutlined aria-hidden="true" />
      </button>
      <div className="carousel__dots">
        {banners.map((b, i) => (
          <button key={b.src} type="button" aria-label={`Show slide ${i + 1}`} aria-current={i === active}
            className={i === active ? 'is-active' : ''} onClick={() => setActive(i)} />
        ))}
      </div>
    </section>
  );
}
