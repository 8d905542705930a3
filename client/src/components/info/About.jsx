// About: static text and the 6 feature labels.
export const features = ['Easy Access', 'Free Shipping', 'More Savings', 'Fast Delivery', 'Customer Care', '24/7 Support'];

export default function About() {
  return (
    <>
      <p>
        We are a small clothing shop with a big wardrobe: everyday basics, seasonal pieces and
        denim that lasts, chosen with care and shipped to your door.
      </p>
      <ul className="feature-list" aria-label="Why shop with us">
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </>
  );
}
