/** A row of illustrations (two across on phones), each cropped to the same shape. */
export function ImageStrip({ images }: { images: readonly { src: string; alt: string }[] }) {
  return (
    <ul className="container grid grid-cols-2 gap-4 pb-16 md:pb-24 lg:grid-cols-4">
      {images.map((image) => (
        <li key={image.src}>
          <img
            src={image.src}
            alt={image.alt}
            loading="lazy"
            decoding="async"
            width={1200}
            height={900}
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-sm"
          />
        </li>
      ))}
    </ul>
  );
}
