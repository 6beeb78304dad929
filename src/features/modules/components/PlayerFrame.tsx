import type { ReactNode } from 'react';

/**
 * The 360 player's area: 16:9, up to 1920 px wide. With `src` it holds the player's iframe (the
 * first request to the player host, so set it only once the user has asked for the training);
 * without, it shows `placeholder` in the player's place.
 */
export function PlayerFrame({
  src,
  title,
  placeholder,
}: {
  src: string | undefined;
  title: string;
  placeholder?: ReactNode;
}) {
  return (
    <div className="relative mx-auto aspect-video w-full max-w-[1920px] overflow-hidden rounded-xl bg-brand-ink shadow-xl">
      {src ? (
        <iframe
          src={src}
          title={title}
          referrerPolicy="no-referrer"
          allow="fullscreen; autoplay; clipboard-write; xr-spatial-tracking"
          allowFullScreen
          className="absolute inset-0 h-full w-full border-0"
        />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-white">
          {placeholder}
        </div>
      )}
    </div>
  );
}
