// Policy: placeholder text only.
export default function Policy() {
  return (
    <>
      <p>add privacy policy</p>
      <p>Our full privacy policy will be published here.</p>
    </>
  );
}
