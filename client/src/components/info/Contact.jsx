// Contact: a welcome line with the signed-in user's name (or User), address, contact line,
// opening hours and an embedded map.
import { useAuth } from '../../context/auth';

export default function Contact() {
  const [auth] = useAuth();
  return (
    <>
      <p className="contact__welcome">Welcome, <bdi>{auth.user?.name || 'User'}</bdi>! We are happy to help.</p>
      <address>
        <p>Clothing Shop, 12 MG Road, Bengaluru, Karnataka 560001, India</p>
        <p>Phone: +91 80 1234 5678 · Email: help@clothing-shop.example</p>
        <p>Opening hours: Monday-Friday 9:00 AM - 5:00 PM</p>
      </address>
      <iframe
        title="Map of our store"
        className="contact__map"
        src="https://www.openstreetmap.org/export/embed.html?bbox=77.59%2C12.97%2C77.62%2C12.98&amp;layer=mapnik"
        loading="lazy"
        width="100%"
        height="300"
      />
    </>
  );
}
