import { useEffect, useState } from 'react';

/** PhotoPreview shows a chosen image file before it is uploaded. */
export default function PhotoPreview({ file }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    const reader = new FileReader();
    let live = true;
    reader.onload = () => live && setSrc(String(reader.result));
    reader.readAsDataURL(file);
    return () => {
      live = false;
    };
  }, [file]);
  if (!src) return null;
  return <img src={src} alt="product photo preview" style={{ height: 200, maxWidth: '100%', objectFit: 'contain' }} />;
}
